import { Card, Stack } from '@mantine/core';
import { useT } from '../../i18n/i18n';
import { ticketError, useTickets } from '../../modules/tickets/api/ticketsApi';
import { TicketStatusFilter } from '../../modules/tickets/components/TicketStatusFilter';
import { TicketsTable } from '../../modules/tickets/components/TicketsTable';
import { TICKETS_NS } from '../../modules/tickets/i18n';
import { ListPager } from '../../ui/ListPager';
import { ListToolbar } from '../../ui/ListToolbar';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';
import { listQuery, useListState } from '../../ui/useListState';

/** /admin/tickets: every member's support tickets, by status, with search. */
export default function TicketsPage() {
  const { t: tx } = useT(TICKETS_NS);
  const list = useListState({ status: '' }, 20);
  const tickets = useTickets(null, listQuery(list.params));

  return (
    <PageShell title={tx('admin.title')} description={tx('admin.description')}>
      <Card withBorder radius="lg" padding="md">
        <ListToolbar
          search={list.search}
          onSearch={list.setSearch}
          searchLabel={tx('admin.search')}
          searchPlaceholder={tx('admin.searchPlaceholder')}
          fetching={tickets.isFetching && !tickets.isPending}
        >
          <TicketStatusFilter value={list.filters.status} onChange={(v) => list.setFilter('status', v)} />
        </ListToolbar>
        {tickets.isError && (
          <LoadError
            title={tx('admin.loadError')}
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
              emptyText={tx('admin.noMatch')}
            />
            <ListPager
              page={list.page}
              totalPages={tickets.data.totalPages}
              total={tickets.data.total}
              onPage={list.setPage}
              noun={[tx('admin.one'), tx('admin.other')]}
              label={tx('admin.pages')}
            />
          </Stack>
        )}
      </Card>
    </PageShell>
  );
}
