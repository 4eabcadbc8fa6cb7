import { Button, Card, Stack } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTableTransactions } from '../../modules/transactions/api/transactionsApi';
import { RoiHistoryTable } from '../../modules/transactions/components/RoiHistoryTable';
import { useMemberId } from '../../modules/wallet/api/useMemberId';
import { ListPager } from '../../ui/ListPager';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

const PAGE_SIZE = 20;

/** /user/transaction/roi_transaction/invest: daily ROI claims and the plan amount each was paid on. */
export default function RoiInvestPage() {
  const userId = useMemberId();
  const [page, setPage] = useState(1);
  const list = useTableTransactions(userId, 'roi_transaction', page, PAGE_SIZE);

  return (
    <PageShell
      title="ROI History"
      description="Your daily ROI claims, the plan amount each was paid on, and what reached your non-working wallet."
      actions={
        <Button component={Link} to="/watch/adds" variant="light" leftSection={<IconPlayerPlay size={16} />}>
          Watch and Earn
        </Button>
      }
    >
      {list.isError && (
        <LoadError
          title="ROI history could not be loaded"
          error={list.error}
          onRetry={() => void list.refetch()}
          loadedAt={list.dataUpdatedAt}
        />
      )}
      <Spinner loading={list.isPending && list.fetchStatus !== 'idle'} />
      {list.data !== undefined && (
        <Card withBorder radius="lg" padding="md">
          <Stack gap="sm">
            <RoiHistoryTable rows={list.data.transactions} />
            <ListPager
              page={page}
              totalPages={list.data.totalPages}
              total={list.data.total}
              onPage={setPage}
              noun={['claim', 'claims']}
              label="ROI history pages"
            />
          </Stack>
        </Card>
      )}
    </PageShell>
  );
}
