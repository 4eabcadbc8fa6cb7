import { Button, Card, Stack } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';
import { useTableTransactions } from '../../modules/transactions/api/transactionsApi';
import { RoiHistoryTable } from '../../modules/transactions/components/RoiHistoryTable';
import { useMemberId } from '../../modules/wallet/api/useMemberId';
import { WATCH_NS } from '../../modules/watch/i18n';
import { ListPager } from '../../ui/ListPager';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

const PAGE_SIZE = 20;

/** /user/transaction/roi_transaction/invest: daily ROI claims and the plan amount each was paid on. */
export default function RoiInvestPage() {
  const { t } = useT(WATCH_NS);
  const userId = useMemberId();
  const [page, setPage] = useState(1);
  const list = useTableTransactions(userId, 'roi_transaction', page, PAGE_SIZE);

  return (
    <PageShell
      title={t('roiHistory.title')}
      description={t('roiHistory.description')}
      actions={
        <Button component={Link} to="/watch/adds" variant="light" leftSection={<IconPlayerPlay size={16} />}>
          {t('roiHistory.watch')}
        </Button>
      }
    >
      {list.isError && (
        <LoadError
          title={t('roiHistory.loadError')}
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
              noun={[t('roiHistory.one'), t('roiHistory.other')]}
              label={t('roiHistory.pages')}
            />
          </Stack>
        </Card>
      )}
    </PageShell>
  );
}
