import { Select, Stack } from '@mantine/core';
import { useT } from '../../i18n/i18n';
import { ADMIN_DASHBOARD_NS } from '../../modules/admin-dashboard/i18n';
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
import { StaffOnly } from '../../ui/StaffOnly';
import { listQuery, useListState } from '../../ui/useListState';

const kindOptions = (all: string) => [
  { value: '', label: all },
  ...Object.entries(topupKindLabels).map(([value, label]) => ({ value, label })),
];

/** /admin/topup: every top-up (filter by kind, search, CSV) and activating a plan for a member. */
export default function TopupPage() {
  const { t } = useT(ADMIN_DASHBOARD_NS);
  const list = useListState({ status: '' }, 20);
  const qs = listQuery(list.params);
  const rows = useTopups(qs);

  return (
    <PageShell title={t('pages.topupsTitle')} description={t('pages.topupsDescription')}>
      <StaffOnly area="money">
        <SectionCard title={t('pages.activateTitle')} description={t('pages.activateDescription')}>
          <ActivatePlanForm />
        </SectionCard>
      </StaffOnly>
      <SectionCard title={t('pages.allTopups')}>
        <ListToolbar
          search={list.search}
          onSearch={list.setSearch}
          searchLabel={t('pages.searchTopups')}
          searchPlaceholder={t('pages.searchTopupsPlaceholder')}
          fetching={rows.isFetching && !rows.isPending}
          actions={<CsvButton path="/topup/list" query={qs} name="topups" />}
        >
          <Select
            aria-label={t('pages.kind')}
            data={kindOptions(t('pages.allKinds'))}
            value={list.filters.status}
            onChange={(v) => list.setFilter('status', v ?? '')}
            allowDeselect={false}
            w={{ base: '100%', xs: 170 }}
          />
        </ListToolbar>
        {rows.isError && (
          <LoadError
            title={t('pages.topupsError')}
            error={rows.error}
            onRetry={() => void rows.refetch()}
            loadedAt={rows.dataUpdatedAt}
          />
        )}
        <Spinner loading={rows.isPending} />
        {rows.data !== undefined && (
          <Stack gap="sm">
            <TopupsTable rows={rows.data.topups} emptyText={t('pages.topupsEmpty')} />
            <ListPager
              page={list.page}
              totalPages={rows.data.totalPages}
              total={rows.data.total}
              onPage={list.setPage}
              noun={[t('pages.topupOne'), t('pages.topupMany')]}
              label={t('pages.topupPages')}
            />
          </Stack>
        )}
      </SectionCard>
    </PageShell>
  );
}
