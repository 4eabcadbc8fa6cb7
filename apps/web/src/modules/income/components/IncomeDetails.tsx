import { Card, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { ListPager } from '../../../ui/ListPager';
import { LoadError } from '../../../ui/LoadError';
import { Spinner } from '../../../ui/Spinner';
import { useUserTransactions } from '../../transactions/api/transactionsApi';
import { sourceLabel } from '../../transactions/components/explain';
import { TransactionsTable } from '../../transactions/components/TransactionsTable';
import { incomeSources } from '../api/incomeApi';
import { INCOME_NS } from '../i18n';

const PAGE_SIZE = 20;

/** Every income entry of the member, newest first, each with its explanation (rule, rate, level, source member). */
export function IncomeDetails({ userId }: { userId: number }) {
  const { t } = useT(INCOME_NS);
  const [source, setSource] = useState('all');
  const options = [
    { value: 'all', label: t('details.all') },
    ...incomeSources.map((s) => ({ value: s, label: sourceLabel(s) })),
  ];
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
          aria-label={t('details.type')}
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
            {t('details.left')}
          </Text>
        )}
        {list.isError && (
          <LoadError
            title={t('details.loadError')}
            error={list.error}
            onRetry={() => void list.refetch()}
            loadedAt={list.dataUpdatedAt}
          />
        )}
        <Spinner loading={list.isPending && list.fetchStatus !== 'idle'} />
        {list.data !== undefined && (
          <>
            <TransactionsTable rows={rows} emptyText={t('details.empty')} />
            <ListPager
              page={page}
              totalPages={list.data.totalPages}
              total={list.data.total}
              onPage={setPage}
              noun={[t('details.one'), t('details.other')]}
              label={t('details.pages')}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}
