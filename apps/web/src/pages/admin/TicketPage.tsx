import { Alert, Anchor, Card, Divider, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ticketError, useTicket } from '../../modules/tickets/api/ticketsApi';
import { TicketHeader } from '../../modules/tickets/components/TicketHeader';
import { TicketReplyForm } from '../../modules/tickets/components/TicketReplyForm';
import { TicketStatusControl } from '../../modules/tickets/components/TicketStatusControl';
import { TicketThreadView } from '../../modules/tickets/components/TicketThreadView';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

/** /admin/ticket/{ticketId}: a member's ticket, its conversation, an answer and its status. */
export default function TicketPage() {
  const { ticketId = '' } = useParams();
  const id = /^\d+$/.test(ticketId) ? Number(ticketId) : null;
  const ticket = useTicket(id);

  return (
    <PageShell
      title="Ticket"
      actions={
        <Anchor component={Link} to="/admin/tickets" size="sm">
          Back to Tickets
        </Anchor>
      }
    >
      {id === null && (
        <Alert color="red" role="alert" title="Ticket not found">
          This address does not name a ticket.
        </Alert>
      )}
      {ticket.isError && (
        <LoadError
          title="This ticket could not be loaded"
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
            <TicketStatusControl ticketId={ticket.data.id} status={ticket.data.status} />
            <Divider />
            <TicketThreadView messages={ticket.data.responses} viewer="admin" />
            <Divider />
            <TicketReplyForm ticketId={ticket.data.id} label="Answer" submitLabel="Send answer" />
          </Stack>
        </Card>
      )}
    </PageShell>
  );
}
