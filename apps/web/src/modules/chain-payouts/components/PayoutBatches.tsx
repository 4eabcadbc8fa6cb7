import { Box, Button, Skeleton, Stack, Text } from '@mantine/core';
import type { PayoutBatchRecord } from '@sgx/contracts';
import { useT } from '../../../i18n/i18n';
import { type Column, DataTable } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { Money } from '../../../ui/Money';
import { usePayoutBatches } from '../api/chainPayoutsApi';
import { CHAIN_PAYOUTS_NS } from '../i18n';
import { batchIsSendable, batchStatusLook, confirmationsText } from '../payoutPlan';
import { LookBadge, PayoutTxLink } from './PayoutStatus';

/** What went wrong in a batch: its own failure, then each payout that did not match. */
export function BatchFailures({ batch }: { batch: PayoutBatchRecord }) {
  const items = batch.items.filter((i) => i.failure !== null);
  if (batch.failure === null && items.length === 0) return null;
  return (
    <Stack gap={0}>
      {batch.failure !== null && (
        <Text size="xs" c="red">
          {batch.failure}
        </Text>
      )}
      {items.map((i) => (
        <Text key={i.withdrawal_id} size="xs" c="red">
          #{i.withdrawal_id} {i.username}: {i.failure}
        </Text>
      ))}
    </Stack>
  );
}

/** The latest batches, newest first: status, total, payouts, transaction and confirmations, who, failures. */
export function PayoutBatches({ onOpen }: { onOpen: (batch: PayoutBatchRecord) => void }) {
  const { t } = useT(CHAIN_PAYOUTS_NS);
  const batches = usePayoutBatches();

  const columns: Column<PayoutBatchRecord>[] = [
    { key: 'id', header: t('batches.batch'), nowrap: true, priority: 3, render: (b) => `#${b.id}` },
    {
      key: 'when',
      header: t('batches.when'),
      nowrap: true,
      priority: 2,
      render: (b) => formatDateTime(b.created_at),
    },
    { key: 'chain', header: t('batches.chain'), nowrap: true, priority: 3, render: (b) => b.chain_name },
    {
      key: 'status',
      header: t('batches.status'),
      render: (b) => <LookBadge look={batchStatusLook(b.status)} />,
    },
    {
      key: 'total',
      header: t('batches.total'),
      nowrap: true,
      priority: 2,
      render: (b) => <Money value={b.total} />,
    },
    { key: 'count', header: t('batches.payouts'), priority: 3, render: (b) => b.items.length },
    {
      key: 'tx',
      header: t('batches.transaction'),
      render: (b) => (
        <Stack gap={0}>
          <PayoutTxLink chainId={b.chain_id} hash={b.tx_hash} explorerUrl={b.explorer_url} />
          {b.confirmations !== null && (
            <Text size="xs" c="dimmed">
              {confirmationsText(b.confirmations)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'by',
      header: t('batches.by'),
      nowrap: true,
      priority: 3,
      render: (b) => (b.mode === 'hot' ? t('batches.hotWallet') : (b.created_by ?? '-')),
    },
    {
      key: 'failure',
      header: t('batches.failures'),
      priority: 2,
      render: (b) => <BatchFailures batch={b} />,
    },
    {
      key: 'action',
      header: '',
      stickyEnd: true,
      render: (b) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => onOpen(b)}
          aria-label={t(batchIsSendable(b.status) ? 'batches.sendBatch' : 'batches.openBatch', { id: b.id })}
        >
          {batchIsSendable(b.status) ? t('batches.send') : t('batches.open')}
        </Button>
      ),
    },
  ];

  if (batches.isPending) return <Skeleton h={120} radius="md" aria-label={t('batches.loading')} />;
  if (batches.data === undefined) {
    return (
      <LoadError
        title={t('batches.loadError')}
        error={batches.error}
        onRetry={() => void batches.refetch()}
      />
    );
  }
  return (
    <Box data-testid="payout-batches">
      {batches.isError && (
        <LoadError
          title={t('batches.readAgainError')}
          error={batches.error}
          onRetry={() => void batches.refetch()}
          loadedAt={batches.dataUpdatedAt}
        />
      )}
      <DataTable
        rows={batches.data}
        columns={columns}
        rowKey={(b) => b.id}
        rowLabel={(b) => t('batches.row', { id: b.id })}
        caption={t('batches.caption')}
        emptyText={t('batches.empty')}
        minWidth={900}
      />
    </Box>
  );
}
