import { Button, Card, Stack } from '@mantine/core';
import { IconMessagePlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';
import { useSession } from '../../modules/auth/hooks/useSession';
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

/** /user/queries: the member's own support tickets (GET /tickets/{userId}). */
export default function QueriesPage() {
  const { t: tx } = useT(TICKETS_NS);
  const session = useSession();
  const userId = session?.account.id ?? 0;
  const list = useListState({ status: '' }, 20);
  const tickets = useTickets(userId, listQuery(list.params), userId > 0);

  return (
    <PageShell
      title={tx('queries.title')}
      description={tx('queries.description')}
      actions={
        <Button component={Link} to="/user/query/create" leftSection={<IconMessagePlus size={16} />}>
          {tx('queries.new')}
        </Button>
      }
    >
      <Card withBorder radius="lg" padding="md">
        <ListToolbar
          search={list.search}
          onSearch={list.setSearch}
          searchLabel={tx('queries.search')}
          searchPlaceholder={tx('queries.searchPlaceholder')}
          fetching={tickets.isFetching && !tickets.isPending}
        >
          <TicketStatusFilter value={list.filters.status} onChange={(v) => list.setFilter('status', v)} />
        </ListToolbar>
        {tickets.isError && (
          <LoadError
            title={tx('queries.loadError')}
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
                  ? tx('queries.none')
                  : tx('queries.noMatch')
              }
            />
            <ListPager
              page={list.page}
              totalPages={tickets.data.totalPages}
              total={tickets.data.total}
              onPage={list.setPage}
              noun={[tx('queries.one'), tx('queries.other')]}
              label={tx('queries.pages')}
            />
          </Stack>
        )}
      </Card>
    </PageShell>
  );
}
