import { Badge, Card, Stack } from '@mantine/core';
import { transactionTables } from '@sgx/contracts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useT } from '../../i18n/i18n';
import { useTableTransactions } from '../../modules/transactions/api/transactionsApi';
import { sourceLabel, TRANSACTIONS_NS } from '../../modules/transactions/components/explain';
import { isTransactionTable, TableLinks } from '../../modules/transactions/components/TableLinks';
import { TransactionsTable } from '../../modules/transactions/components/TransactionsTable';
import { useMemberId } from '../../modules/wallet/api/useMemberId';
import { ListPager } from '../../ui/ListPager';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

const PAGE_SIZE = 20;

/** /user/transaction/{table_name} and /user/transaction/{table_name}/{fit}: one kind of the member's income. */
export default function TransactionsPage() {
  const { t } = useT(TRANSACTIONS_NS);
  const { table_name: tableName = '', fit } = useParams();
  const userId = useMemberId();
  const [pageState, setPage] = useState({ table: tableName, page: 1 });
  const page = pageState.table === tableName ? pageState.page : 1;
  const list = useTableTransactions(userId, tableName, page, PAGE_SIZE);
  const known = isTransactionTable(tableName);
  const title = known
    ? t('page.titleOf', { kind: sourceLabel(transactionTables[tableName]) })
    : t('page.title');

  return (
    <PageShell
      title={title}
      description={t('page.description')}
      actions={fit ? <Badge variant="light">{fit.replace(/_/g, ' ')}</Badge> : undefined}
    >
      <TableLinks current={tableName} />
      {list.isError && (
        <LoadError
          title={t('page.loadError')}
          error={list.error}
          onRetry={() => void list.refetch()}
          loadedAt={list.dataUpdatedAt}
        />
      )}
      <Spinner loading={list.isPending && list.fetchStatus !== 'idle'} />
      {known && list.data !== undefined && (
        <Card withBorder radius="lg" padding="md">
          <Stack gap="sm">
            <TransactionsTable rows={list.data.transactions} emptyText={t('page.empty')} />
            <ListPager
              page={page}
              totalPages={list.data.totalPages}
              total={list.data.total}
              onPage={(p) => setPage({ table: tableName, page: p })}
              noun={[t('page.one'), t('page.other')]}
              label={t('page.pages')}
            />
          </Stack>
        </Card>
      )}
    </PageShell>
  );
}
