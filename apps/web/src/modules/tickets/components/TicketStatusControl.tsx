import { Button, Group, Select } from '@mantine/core';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import {
  statusLabels,
  type TicketState,
  ticketError,
  ticketStatuses,
  useSetTicketStatus,
} from '../api/ticketsApi';

const options = ticketStatuses.map((s) => ({ value: s, label: statusLabels[s] }));

/** Admin: open / in-progress / resolved / closed (PUT /tickets/{id}/status). */
export function TicketStatusControl({ ticketId, status }: { ticketId: number; status: TicketState }) {
  const [choice, setChoice] = useState<TicketState>(status);
  const save = useSetTicketStatus(ticketId);
  useEffect(() => setChoice(status), [status]);

  const onSave = () =>
    save.mutate(choice, {
      onSuccess: (res) => toast.success(res.message, { duration: 3000 }),
      onError: (error) => toast.error(ticketError(error), { duration: 4000 }),
    });

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="Status"
        data={options}
        value={choice}
        onChange={(v) => v !== null && setChoice(v as TicketState)}
        allowDeselect={false}
        w={{ base: '100%', xs: 200 }}
      />
      <Button variant="light" onClick={onSave} loading={save.isPending} disabled={choice === status}>
        Update status
      </Button>
    </Group>
  );
}
