import { Card, Stack } from '@mantine/core';
import { ticketError, useTickets } from '../../modules/tickets/api/ticketsApi';
import { TicketStatusFilter } from '../../modules/tickets/components/TicketStatusFilter';
import { TicketsTable } from '../../modules/tickets/components/TicketsTable';
import { ListPager } from '../../ui/ListPager';
import { ListToolbar } from '../../ui/ListToolbar';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';
import { listQuery, useListState } from '../../ui/useListState';

/** /admin/tickets: every member's support tickets, by status, with search. */
export default function TicketsPage() {
  const list = useListState({ status: '' }, 20);
  const tickets = useTickets(null, listQuery(list.params));

  return (
    <PageShell
      title="Tickets"
      description="Support tickets from members. The most recently active come first."
    >
      <Card withBorder radius="lg" padding="md">
        <ListToolbar
          search={list.search}
          onSearch={list.setSearch}
          searchLabel="Search tickets"
          searchPlaceholder="Subject, ticket number or member"
          fetching={tickets.isFetching && !tickets.isPending}
        >
          <TicketStatusFilter value={list.filters.status} onChange={(v) => list.setFilter('status', v)} />
        </ListToolbar>
        {tickets.isError && (
          <LoadError
            title="Tickets could not be loaded"
            error={new Error(ticketError(tickets.error))}
            onRetry={() => void tickets.refetch()}
            loadedAt={tickets.dataUpdatedAt}
          />
        )}
        <Spinner loading={tickets.isPending} />
        {tickets.data !== undefined && (
          <Stack gap="sm">
            <TicketsTable
              rows={tickets.data.tickets}
              linkTo={(t) => `/admin/ticket/${t.id}`}
              showMember
              emptyText="No tickets match."
            />
            <ListPager
              page={list.page}
              totalPages={tickets.data.totalPages}
              total={tickets.data.total}
              onPage={list.setPage}
              noun={['ticket', 'tickets']}
              label="Ticket pages"
            />
          </Stack>
        )}
      </Card>
    </PageShell>
  );
}
