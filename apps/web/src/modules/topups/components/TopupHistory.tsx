import { Select, Stack, Tabs } from '@mantine/core';
import { ListPager } from '../../../ui/ListPager';
import { ListToolbar } from '../../../ui/ListToolbar';
import { LoadError } from '../../../ui/LoadError';
import { SectionCard } from '../../../ui/SectionCard';
import { Spinner } from '../../../ui/Spinner';
import { listQuery, useListState } from '../../../ui/useListState';
import { useTopups, useTransfers } from '../api/topupsApi';
import { TopupsTable, TransfersTable, topupKindLabels } from './HistoryTables';

function MyTopups({ me }: { me: number }) {
  const list = useListState({ status: '' }, 10);
  const rows = useTopups(listQuery(list.params));
  return (
    <Stack gap="sm">
      <ListToolbar
        search={list.search}
        onSearch={list.setSearch}
        searchLabel="Search top-ups"
        searchPlaceholder="Search member or plan"
        fetching={rows.isFetching && !rows.isPending}
      >
        <Select
          aria-label="Kind"
          data={[
            { value: '', label: 'All kinds' },
            ...Object.entries(topupKindLabels).map(([value, label]) => ({ value, label })),
          ]}
          value={list.filters.status}
          onChange={(v) => list.setFilter('status', v ?? '')}
          allowDeselect={false}
          w={{ base: '100%', xs: 170 }}
        />
      </ListToolbar>
      {rows.isError && (
        <LoadError
          title="Top-ups could not be loaded"
          error={rows.error}
          onRetry={() => void rows.refetch()}
          loadedAt={rows.dataUpdatedAt}
        />
      )}
      <Spinner loading={rows.isPending} />
      {rows.data !== undefined && (
        <>
          <TopupsTable rows={rows.data.topups} me={me} />
          <ListPager
            page={list.page}
            totalPages={rows.data.totalPages}
            total={rows.data.total}
            onPage={list.setPage}
            noun={['top-up', 'top-ups']}
            label="Top-up pages"
          />
        </>
      )}
    </Stack>
  );
}

function MyTransfers({ me }: { me: number }) {
  const list = useListState({ status: '' }, 10);
  const rows = useTransfers(listQuery(list.params));
  return (
    <Stack gap="sm">
      <ListToolbar
        search={list.search}
        onSearch={list.setSearch}
        searchLabel="Search transfers"
        searchPlaceholder="Search member"
        fetching={rows.isFetching && !rows.isPending}
      >
        <Select
          aria-label="Kind"
          data={[
            { value: '', label: 'All kinds' },
            { value: 'touser', label: 'Transfers' },
            { value: 'friend', label: 'Friend top-ups' },
          ]}
          value={list.filters.status}
          onChange={(v) => list.setFilter('status', v ?? '')}
          allowDeselect={false}
          w={{ base: '100%', xs: 170 }}
        />
      </ListToolbar>
      {rows.isError && (
        <LoadError
          title="Transfers could not be loaded"
          error={rows.error}
          onRetry={() => void rows.refetch()}
          loadedAt={rows.dataUpdatedAt}
        />
      )}
      <Spinner loading={rows.isPending} />
      {rows.data !== undefined && (
        <>
          <TransfersTable rows={rows.data.transfers} me={me} />
          <ListPager
            page={list.page}
            totalPages={rows.data.totalPages}
            total={rows.data.total}
            onPage={list.setPage}
            noun={['transfer', 'transfers']}
            label="Transfer pages"
          />
        </>
      )}
    </Stack>
  );
}

/** The member's top-ups (paid or received) and transfers (sent or received). */
export function TopupHistory({ me }: { me: number }) {
  return (
    <SectionCard title="History">
      <Tabs defaultValue="topups" keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="topups">Top-ups</Tabs.Tab>
          <Tabs.Tab value="transfers">Transfers</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="topups">
          <MyTopups me={me} />
        </Tabs.Panel>
        <Tabs.Panel value="transfers">
          <MyTransfers me={me} />
        </Tabs.Panel>
      </Tabs>
    </SectionCard>
  );
}
