import { Select, Stack } from '@mantine/core';
import { useTopups } from '../../modules/topups/api/topupsApi';
import { ActivatePlanForm } from '../../modules/topups/components/ActivatePlanForm';
import { TopupsTable, topupKindLabels } from '../../modules/topups/components/HistoryTables';
import { CsvButton } from '../../ui/CsvButton';
import { ListPager } from '../../ui/ListPager';
import { ListToolbar } from '../../ui/ListToolbar';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { SectionCard } from '../../ui/SectionCard';
import { Spinner } from '../../ui/Spinner';
import { listQuery, useListState } from '../../ui/useListState';

const kindOptions = [
  { value: '', label: 'All kinds' },
  ...Object.entries(topupKindLabels).map(([value, label]) => ({ value, label })),
];

/** /admin/topup: every top-up (filter by kind, search, CSV) and activating a plan for a member. */
export default function TopupPage() {
  const list = useListState({ status: '' }, 20);
  const qs = listQuery(list.params);
  const rows = useTopups(qs);

  return (
    <PageShell
      title="Top-ups"
      description="Every plan payment: top-ups, re-top-ups, activation fees and friend top-ups."
    >
      <SectionCard
        title="Activate a plan for a member"
        description="Paid from the member's own Business Balance. Audited."
      >
        <ActivatePlanForm />
      </SectionCard>
      <SectionCard title="All top-ups">
        <ListToolbar
          search={list.search}
          onSearch={list.setSearch}
          searchLabel="Search top-ups"
          searchPlaceholder="Search member or plan"
          fetching={rows.isFetching && !rows.isPending}
          actions={<CsvButton path="/topup/list" query={qs} name="topups" />}
        >
          <Select
            aria-label="Kind"
            data={kindOptions}
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
          <Stack gap="sm">
            <TopupsTable rows={rows.data.topups} emptyText="No top-ups match." />
            <ListPager
              page={list.page}
              totalPages={rows.data.totalPages}
              total={rows.data.total}
              onPage={list.setPage}
              noun={['top-up', 'top-ups']}
              label="Top-up pages"
            />
          </Stack>
        )}
      </SectionCard>
    </PageShell>
  );
}
