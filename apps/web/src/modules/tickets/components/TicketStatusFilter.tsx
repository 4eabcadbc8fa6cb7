import { Select } from '@mantine/core';
import { statusLabels, ticketStatuses } from '../api/ticketsApi';

const options = [
  { value: '', label: 'All statuses' },
  ...ticketStatuses.map((s) => ({ value: s, label: statusLabels[s] })),
];

export function TicketStatusFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <Select
      aria-label="Status"
      data={options}
      value={value}
      onChange={(v) => onChange(v ?? '')}
      allowDeselect={false}
      w={{ base: '100%', xs: 170 }}
    />
  );
}
