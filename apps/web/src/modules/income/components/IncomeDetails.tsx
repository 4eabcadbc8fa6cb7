import { Card, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ListPager } from '../../../ui/ListPager';
import { LoadError } from '../../../ui/LoadError';
import { Spinner } from '../../../ui/Spinner';
import { useUserTransactions } from '../../transactions/api/transactionsApi';
import { sourceLabel } from '../../transactions/components/explain';
import { TransactionsTable } from '../../transactions/components/TransactionsTable';
import { incomeSources } from '../api/incomeApi';

const PAGE_SIZE = 20;
const options = [
  { value: 'all', label: 'All income' },
  ...incomeSources.map((s) => ({ value: s, label: sourceLabel(s) })),
];

/** Every income entry of the member, newest first, each with its explanation (rule, rate, level, source member). */
export function IncomeDetails({ userId }: { userId: number }) {
  const [source, setSource] = useState('all');
  const [page, setPage] = useState(1);
  const qs = new URLSearchParams({
    transaction_type: 'credit',
    page: String(page),
    limit: String(PAGE_SIZE),
  });
  // "All income" asks the server for every income type (source=income), so that the page and its count
  // hold the same rows; deposits and transfers are never fetched.
  qs.set('source', source === 'all' ? 'income' : source);
  const list = useUserTransactions(userId, qs);
  const rows = list.data?.transactions ?? [];
  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="sm">
        <Select
          aria-label="Income type"
          data={options}
          value={source}
          onChange={(v) => {
            setSource(v ?? 'all');
            setPage(1);
          }}
          allowDeselect={false}
          w={{ base: '100%', xs: 240 }}
        />
        {source === 'all' && (
          <Text size="xs" c="dimmed">
            Credits that are not income (deposits, transfers) are left out of this list.
          </Text>
        )}
        {list.isError && (
          <LoadError
            title="Income could not be loaded"
            error={list.error}
            onRetry={() => void list.refetch()}
            loadedAt={list.dataUpdatedAt}
          />
        )}
        <Spinner loading={list.isPending && list.fetchStatus !== 'idle'} />
        {list.data !== undefined && (
          <>
            <TransactionsTable rows={rows} emptyText="No income of this kind yet." />
            <ListPager
              page={page}
              totalPages={list.data.totalPages}
              total={list.data.total}
              onPage={setPage}
              noun={['entry', 'entries']}
              label="Income pages"
            />
          </>
        )}
      </Stack>
    </Card>
  );
}
