import { Button, Card, Stack } from '@mantine/core';
import { IconMessagePlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../modules/auth/hooks/useSession';
import { ticketError, useTickets } from '../../modules/tickets/api/ticketsApi';
import { TicketStatusFilter } from '../../modules/tickets/components/TicketStatusFilter';
import { TicketsTable } from '../../modules/tickets/components/TicketsTable';
import { ListPager } from '../../ui/ListPager';
import { ListToolbar } from '../../ui/ListToolbar';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';
import { listQuery, useListState } from '../../ui/useListState';

/** /user/queries: the member's own support tickets (GET /tickets/{userId}). */
export default function QueriesPage() {
  const session = useSession();
  const userId = session?.account.id ?? 0;
  const list = useListState({ status: '' }, 20);
  const tickets = useTickets(userId, listQuery(list.params), userId > 0);

  return (
    <PageShell
      title="My Queries"
      description="Your support tickets and their status. Open one to read the answers or reply."
      actions={
        <Button component={Link} to="/user/query/create" leftSection={<IconMessagePlus size={16} />}>
          New query
        </Button>
      }
    >
      <Card withBorder radius="lg" padding="md">
        <ListToolbar
          search={list.search}
          onSearch={list.setSearch}
          searchLabel="Search queries"
          searchPlaceholder="Search subject or ticket number"
          fetching={tickets.isFetching && !tickets.isPending}
        >
          <TicketStatusFilter value={list.filters.status} onChange={(v) => list.setFilter('status', v)} />
        </ListToolbar>
        {tickets.isError && (
          <LoadError
            title="Your queries could not be loaded"
            error={new Error(ticketError(tickets.error))}
            onRetry={() => void tickets.refetch()}
            loadedAt={tickets.dataUpdatedAt}
          />
        )}
        <Spinner loading={tickets.isPending && userId > 0} />
        {tickets.data !== undefined && (
          <Stack gap="sm">
            <TicketsTable
              rows={tickets.data.tickets}
              linkTo={(t) => `/user/queries/${t.id}`}
              emptyText={
                list.filters.status === '' && list.params.search === ''
                  ? 'You have not raised a query yet.'
                  : 'No queries match.'
              }
            />
            <ListPager
              page={list.page}
              totalPages={tickets.data.totalPages}
              total={tickets.data.total}
              onPage={list.setPage}
              noun={['query', 'queries']}
              label="Query pages"
            />
          </Stack>
        )}
      </Card>
    </PageShell>
  );
}
