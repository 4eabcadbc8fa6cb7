import { Card, Select, Stack } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useT } from '../../i18n/i18n';
import { DEPOSITS_NS } from '../../modules/deposits/i18n';
import { useUserTransactions } from '../../modules/transactions/api/transactionsApi';
import { sourceLabel, TRANSACTIONS_NS } from '../../modules/transactions/components/explain';
import {
  sourceOptions,
  statusOptions,
  typeOptions,
} from '../../modules/transactions/components/sourceOptions';
import { TransactionsTable } from '../../modules/transactions/components/TransactionsTable';
import { useMemberId } from '../../modules/wallet/api/useMemberId';
import { CsvButton } from '../../ui/CsvButton';
import { ListPager } from '../../ui/ListPager';
import { ListToolbar } from '../../ui/ListToolbar';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';
import { listQuery, useListState } from '../../ui/useListState';

const PAGE_SIZE = 20;

/** /transactions/{source}: the member's ledger rows from one source ("all" for every source), filtered. */
export default function SourceTransactionsPage() {
  // The list's texts are the transactions screens'; the three only this page has are kept with the deposits'.
  const { t } = useT(TRANSACTIONS_NS);
  const own = useT(DEPOSITS_NS).t;
  const { source = 'all' } = useParams();
  const navigate = useNavigate();
  const userId = useMemberId();
  const list = useListState({ transaction_type: '', status: '' }, PAGE_SIZE);
  const filters = { ...list.params.filters, source: source === 'all' ? '' : source };
  const qs = listQuery({ ...list.params, filters });
  const rows = useUserTransactions(userId, qs);
  const known = sourceOptions.some((o) => o.value === source);
  const options = known ? sourceOptions : [...sourceOptions, { value: source, label: sourceLabel(source) }];

  return (
    <PageShell
      title={
        source === 'all'
          ? t('admin.title')
          : own('sourceTransactions.titleOf', { source: sourceLabel(source) })
      }
      description={own('sourceTransactions.description')}
    >
      <Card withBorder radius="lg" padding="md">
        <ListToolbar
          search={list.search}
          onSearch={list.setSearch}
          searchLabel={t('admin.search')}
          searchPlaceholder={own('sourceTransactions.searchPlaceholder')}
          fetching={rows.isFetching && !rows.isPending}
          actions={
            userId !== null && <CsvButton path={`/tr/user/${userId}`} query={qs} name="transactions" />
          }
        >
          <Select
            aria-label={t('admin.sourceFilter')}
            data={options}
            value={source}
            onChange={(v) => {
              list.setPage(1);
              navigate(`/transactions/${v ?? 'all'}`);
            }}
            allowDeselect={false}
            w={{ base: '100%', xs: 190 }}
          />
          <Select
            aria-label={t('admin.typeFilter')}
            data={typeOptions}
            value={list.filters.transaction_type}
            onChange={(v) => list.setFilter('transaction_type', v ?? '')}
            allowDeselect={false}
            w={{ base: '100%', xs: 170 }}
          />
          <Select
            aria-label={t('admin.statusFilter')}
            data={statusOptions}
            value={list.filters.status}
            onChange={(v) => list.setFilter('status', v ?? '')}
            allowDeselect={false}
            w={{ base: '100%', xs: 150 }}
          />
        </ListToolbar>
        {rows.isError && (
          <LoadError
            title={t('page.loadError')}
            error={rows.error}
            onRetry={() => void rows.refetch()}
            loadedAt={rows.dataUpdatedAt}
          />
        )}
        <Spinner loading={rows.isPending && rows.fetchStatus !== 'idle'} />
        {rows.data !== undefined && (
          <Stack gap="sm">
            <TransactionsTable rows={rows.data.transactions} emptyText={t('admin.empty')} />
            <ListPager
              page={list.page}
              totalPages={rows.data.totalPages}
              total={rows.data.total}
              onPage={list.setPage}
              noun={[t('page.one'), t('page.other')]}
              label={t('page.pages')}
            />
          </Stack>
        )}
      </Card>
    </PageShell>
  );
}
