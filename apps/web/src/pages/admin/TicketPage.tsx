import { Alert, Anchor, Card, Divider, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useT } from '../../i18n/i18n';
import { ticketError, useTicket } from '../../modules/tickets/api/ticketsApi';
import { TicketHeader } from '../../modules/tickets/components/TicketHeader';
import { TicketReplyForm } from '../../modules/tickets/components/TicketReplyForm';
import { TicketStatusControl } from '../../modules/tickets/components/TicketStatusControl';
import { TicketThreadView } from '../../modules/tickets/components/TicketThreadView';
import { TICKETS_NS } from '../../modules/tickets/i18n';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';
import { StaffOnly } from '../../ui/StaffOnly';

/** /admin/ticket/{ticketId}: a member's ticket, its conversation, an answer and its status. */
export default function TicketPage() {
  const { t } = useT(TICKETS_NS);
  const { ticketId = '' } = useParams();
  const id = /^\d+$/.test(ticketId) ? Number(ticketId) : null;
  const ticket = useTicket(id);

  return (
    <PageShell
      title={t('admin.ticket')}
      actions={
        <Anchor component={Link} to="/admin/tickets" size="sm">
          {t('admin.back')}
        </Anchor>
      }
    >
      {id === null && (
        <Alert color="red" role="alert" title={t('admin.notFound')}>
          {t('admin.badAddress')}
        </Alert>
      )}
      {ticket.isError && (
        <LoadError
          title={t('admin.ticketError')}
          error={new Error(ticketError(ticket.error))}
          onRetry={() => void ticket.refetch()}
          loadedAt={ticket.dataUpdatedAt}
        />
      )}
      <Spinner loading={ticket.isPending && id !== null} />
      {ticket.data !== undefined && (
        <Card withBorder radius="lg" padding="md">
          <Stack gap="md">
            <TicketHeader ticket={ticket.data} showMember />
            <StaffOnly area="tickets" note>
              <TicketStatusControl ticketId={ticket.data.id} status={ticket.data.status} />
            </StaffOnly>
            <Divider />
            <TicketThreadView messages={ticket.data.responses} viewer="admin" />
            <StaffOnly area="tickets">
              <Divider />
              <TicketReplyForm
                ticketId={ticket.data.id}
                label={t('admin.answer')}
                submitLabel={t('admin.send')}
              />
            </StaffOnly>
          </Stack>
        </Card>
      )}
    </PageShell>
  );
}
