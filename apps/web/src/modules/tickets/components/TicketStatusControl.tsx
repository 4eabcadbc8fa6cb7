import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { type TicketState, ticketError, useSetTicketStatus } from '../api/ticketsApi';
import { TICKETS_NS } from '../i18n';

/**
 * Admin (PUT /tickets/{id}/status): the status changes in one step. "Close ticket" (with a confirmation, since
 * the member can no longer reply) and "Mark resolved" while it is open; "Reopen" once it is closed or resolved.
 * An admin's first answer already moves an open ticket to in progress.
 */
export function TicketStatusControl({ ticketId, status }: { ticketId: number; status: TicketState }) {
  const { t } = useT(TICKETS_NS);
  const save = useSetTicketStatus(ticketId);
  const [confirmClose, setConfirmClose] = useState(false);

  const change = (next: TicketState) =>
    save.mutate(next, {
      onSuccess: (res) => {
        setConfirmClose(false);
        toast.success(serverText(res.message), { duration: 3000 });
      },
      onError: (error) => toast.error(ticketError(error), { duration: 4000 }),
    });

  return (
    <Group gap="sm" wrap="wrap">
      {status === 'closed' || status === 'resolved' ? (
        <Button
          variant="light"
          leftSection={<IconLockOpen size={16} />}
          onClick={() => change('open')}
          loading={save.isPending}
        >
          {t('control.reopen')}
        </Button>
      ) : (
        <Button variant="default" onClick={() => change('resolved')} loading={save.isPending}>
          {t('control.resolve')}
        </Button>
      )}
      {status !== 'closed' && (
        <Button
          color="red"
          variant="light"
          leftSection={<IconLock size={16} />}
          onClick={() => setConfirmClose(true)}
          disabled={save.isPending}
        >
          {t('control.close')}
        </Button>
      )}
      <Modal
        opened={confirmClose}
        onClose={() => !save.isPending && setConfirmClose(false)}
        title={t('control.confirmTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('control.closeDialog') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('control.confirmText')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmClose(false)} disabled={save.isPending}>
              {t('control.back')}
            </Button>
            <Button color="red" onClick={() => change('closed')} loading={save.isPending}>
              {t('control.close')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
