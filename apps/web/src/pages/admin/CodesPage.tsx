import { Select, Stack } from '@mantine/core';
import { useT } from '../../i18n/i18n';
import { useCodes } from '../../modules/codes/api/codesApi';
import { CodesTable } from '../../modules/codes/components/CodesTable';
import { IssueCodesForm } from '../../modules/codes/components/IssueCodesForm';
import { CODES_NS } from '../../modules/codes/i18n';
import { CsvButton } from '../../ui/CsvButton';
import { ListPager } from '../../ui/ListPager';
import { ListToolbar } from '../../ui/ListToolbar';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { SectionCard } from '../../ui/SectionCard';
import { Spinner } from '../../ui/Spinner';
import { StaffOnly } from '../../ui/StaffOnly';
import { listQuery, useListState } from '../../ui/useListState';

/** /admin/codes: issue one-time codes, list them (unused or redeemed), export. */
export default function CodesPage() {
  const { t } = useT(CODES_NS);
  const list = useListState({ status: '' }, 20);
  const qs = listQuery(list.params);
  const codes = useCodes(qs);
  return (
    <PageShell title={t('page.title')} description={t('page.description')}>
      <StaffOnly area="money">
        <SectionCard title={t('page.issue')}>
          <IssueCodesForm />
        </SectionCard>
      </StaffOnly>
      <SectionCard title={t('page.all')}>
        <ListToolbar
          search={list.search}
          onSearch={list.setSearch}
          searchLabel={t('page.searchLabel')}
          searchPlaceholder={t('page.search')}
          fetching={codes.isFetching && !codes.isPending}
          actions={<CsvButton path="/codes" query={qs} name="codes" />}
        >
          <Select
            aria-label={t('page.status')}
            data={[
              { value: '', label: t('page.allStatuses') },
              { value: 'unused', label: t('page.unused') },
              { value: 'redeemed', label: t('page.redeemed') },
            ]}
            value={list.filters.status}
            onChange={(v) => list.setFilter('status', v ?? '')}
            allowDeselect={false}
            w={{ base: '100%', xs: 160 }}
          />
        </ListToolbar>
        {codes.isError && (
          <LoadError
            title={t('page.loadError')}
            error={codes.error}
            onRetry={() => void codes.refetch()}
            loadedAt={codes.dataUpdatedAt}
          />
        )}
        <Spinner loading={codes.isPending} />
        {codes.data !== undefined && (
          <Stack gap="sm">
            <CodesTable rows={codes.data.codes} emptyText={t('page.empty')} />
            <ListPager
              page={list.page}
              totalPages={codes.data.totalPages}
              total={codes.data.total}
              onPage={list.setPage}
              noun={[t('page.one'), t('page.many')]}
              label={t('page.pages')}
            />
          </Stack>
        )}
      </SectionCard>
    </PageShell>
  );
}
