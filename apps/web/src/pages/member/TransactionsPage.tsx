import { Badge, Card, Stack } from '@mantine/core';
import { transactionTables } from '@sgx/contracts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useTableTransactions } from '../../modules/transactions/api/transactionsApi';
import { sourceLabel } from '../../modules/transactions/components/explain';
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
  const { table_name: tableName = '', fit } = useParams();
  const userId = useMemberId();
  const [pageState, setPage] = useState({ table: tableName, page: 1 });
  const page = pageState.table === tableName ? pageState.page : 1;
  const list = useTableTransactions(userId, tableName, page, PAGE_SIZE);
  const known = isTransactionTable(tableName);
  const title = known ? `${sourceLabel(transactionTables[tableName])} transactions` : 'Transactions';

  return (
    <PageShell
      title={title}
      description="Every credit of this kind to your wallets, newest first, with how it was worked out."
      actions={fit ? <Badge variant="light">{fit.replace(/_/g, ' ')}</Badge> : undefined}
    >
      <TableLinks current={tableName} />
      {list.isError && (
        <LoadError
          title="Transactions could not be loaded"
          error={list.error}
          onRetry={() => void list.refetch()}
          loadedAt={list.dataUpdatedAt}
        />
      )}
      <Spinner loading={list.isPending && list.fetchStatus !== 'idle'} />
      {known && list.data !== undefined && (
        <Card withBorder radius="lg" padding="md">
          <Stack gap="sm">
            <TransactionsTable rows={list.data.transactions} emptyText="No transactions of this kind yet." />
            <ListPager
              page={page}
              totalPages={list.data.totalPages}
              total={list.data.total}
              onPage={(p) => setPage({ table: tableName, page: p })}
              noun={['transaction', 'transactions']}
              label="Transaction pages"
            />
          </Stack>
        </Card>
      )}
    </PageShell>
  );
}
