import { Alert, Anchor, Card, Divider, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ticketError, useTicket } from '../../modules/tickets/api/ticketsApi';
import { TicketHeader } from '../../modules/tickets/components/TicketHeader';
import { TicketReplyForm } from '../../modules/tickets/components/TicketReplyForm';
import { TicketThreadView } from '../../modules/tickets/components/TicketThreadView';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

/** /user/queries/{ticketId}: one of the member's tickets, its conversation, and a reply. */
export default function QueryDetailPage() {
  const { ticketId = '' } = useParams();
  const id = /^\d+$/.test(ticketId) ? Number(ticketId) : null;
  const ticket = useTicket(id);

  return (
    <PageShell
      title="Query"
      actions={
        <Anchor component={Link} to="/user/queries" size="sm">
          Back to My Queries
        </Anchor>
      }
    >
      {id === null && (
        <Alert color="red" role="alert" title="Query not found">
          This address does not name a query.
        </Alert>
      )}
      {ticket.isError && (
        <LoadError
          title="This query could not be loaded"
          error={new Error(ticketError(ticket.error))}
          onRetry={() => void ticket.refetch()}
          loadedAt={ticket.dataUpdatedAt}
        />
      )}
      <Spinner loading={ticket.isPending && id !== null} />
      {ticket.data !== undefined && (
        <Card withBorder radius="lg" padding="md">
          <Stack gap="md">
            <TicketHeader ticket={ticket.data} />
            <Divider />
            <TicketThreadView messages={ticket.data.responses} viewer="user" />
            <Divider />
            {ticket.data.status === 'closed' ? (
              <Alert color="gray" icon={<IconLock size={18} />} title="This query is closed">
                It cannot take more replies.{' '}
                <Anchor component={Link} to="/user/query/create">
                  Open a new query
                </Anchor>{' '}
                if you need more help.
              </Alert>
            ) : (
              <TicketReplyForm ticketId={ticket.data.id} label="Your reply" submitLabel="Send reply" />
            )}
          </Stack>
        </Card>
      )}
    </PageShell>
  );
}
