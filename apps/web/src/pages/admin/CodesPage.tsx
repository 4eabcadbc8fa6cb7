import { Select, Stack } from '@mantine/core';
import { useCodes } from '../../modules/codes/api/codesApi';
import { CodesTable } from '../../modules/codes/components/CodesTable';
import { IssueCodesForm } from '../../modules/codes/components/IssueCodesForm';
import { CsvButton } from '../../ui/CsvButton';
import { ListPager } from '../../ui/ListPager';
import { ListToolbar } from '../../ui/ListToolbar';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { SectionCard } from '../../ui/SectionCard';
import { Spinner } from '../../ui/Spinner';
import { listQuery, useListState } from '../../ui/useListState';

/** /admin/codes: issue one-time codes, list them (unused or redeemed), export. */
export default function CodesPage() {
  const list = useListState({ status: '' }, 20);
  const qs = listQuery(list.params);
  const codes = useCodes(qs);
  return (
    <PageShell
      title="Codes"
      description="One-time codes with a value. A member redeems a code once into their Business Balance."
    >
      <SectionCard title="Issue codes">
        <IssueCodesForm />
      </SectionCard>
      <SectionCard title="All codes">
        <ListToolbar
          search={list.search}
          onSearch={list.setSearch}
          searchLabel="Search codes"
          searchPlaceholder="Search code"
          fetching={codes.isFetching && !codes.isPending}
          actions={<CsvButton path="/codes" query={qs} name="codes" />}
        >
          <Select
            aria-label="Status"
            data={[
              { value: '', label: 'All codes' },
              { value: 'unused', label: 'Unused' },
              { value: 'redeemed', label: 'Redeemed' },
            ]}
            value={list.filters.status}
            onChange={(v) => list.setFilter('status', v ?? '')}
            allowDeselect={false}
            w={{ base: '100%', xs: 160 }}
          />
        </ListToolbar>
        {codes.isError && (
          <LoadError
            title="Codes could not be loaded"
            error={codes.error}
            onRetry={() => void codes.refetch()}
            loadedAt={codes.dataUpdatedAt}
          />
        )}
        <Spinner loading={codes.isPending} />
        {codes.data !== undefined && (
          <Stack gap="sm">
            <CodesTable rows={codes.data.codes} emptyText="No codes match." />
            <ListPager
              page={list.page}
              totalPages={codes.data.totalPages}
              total={codes.data.total}
              onPage={list.setPage}
              noun={['code', 'codes']}
              label="Code pages"
            />
          </Stack>
        )}
      </SectionCard>
    </PageShell>
  );
}
