import { Box, Button, Skeleton, Stack, Text } from '@mantine/core';
import type { PayoutBatchRecord } from '@sgx/contracts';
import { type Column, DataTable } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { Money } from '../../../ui/Money';
import { usePayoutBatches } from '../api/chainPayoutsApi';
import { batchIsSendable, batchStatusLook } from '../payoutPlan';
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
  const batches = usePayoutBatches();

  const columns: Column<PayoutBatchRecord>[] = [
    { key: 'id', header: 'Batch', nowrap: true, priority: 3, render: (b) => `#${b.id}` },
    { key: 'when', header: 'When', nowrap: true, priority: 2, render: (b) => formatDateTime(b.created_at) },
    { key: 'chain', header: 'Chain', nowrap: true, priority: 3, render: (b) => b.chain_name },
    { key: 'status', header: 'Status', render: (b) => <LookBadge look={batchStatusLook[b.status]} /> },
    { key: 'total', header: 'Total', nowrap: true, priority: 2, render: (b) => <Money value={b.total} /> },
    { key: 'count', header: 'Payouts', priority: 3, render: (b) => b.items.length },
    {
      key: 'tx',
      header: 'Transaction',
      render: (b) => (
        <Stack gap={0}>
          <PayoutTxLink chainId={b.chain_id} hash={b.tx_hash} explorerUrl={b.explorer_url} />
          {b.confirmations !== null && (
            <Text size="xs" c="dimmed">
              {b.confirmations} confirmation{b.confirmations === 1 ? '' : 's'}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'by',
      header: 'By',
      nowrap: true,
      priority: 3,
      render: (b) => (b.mode === 'hot' ? 'hot wallet' : (b.created_by ?? '-')),
    },
    { key: 'failure', header: 'Failures', priority: 2, render: (b) => <BatchFailures batch={b} /> },
    {
      key: 'action',
      header: '',
      stickyEnd: true,
      render: (b) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => onOpen(b)}
          aria-label={`${batchIsSendable(b.status) ? 'Send' : 'Open'} batch ${b.id}`}
        >
          {batchIsSendable(b.status) ? 'Send' : 'Open'}
        </Button>
      ),
    },
  ];

  if (batches.isPending) return <Skeleton h={120} radius="md" aria-label="Loading payout batches" />;
  if (batches.data === undefined) {
    return (
      <LoadError
        title="Payout batches could not be loaded"
        error={batches.error}
        onRetry={() => void batches.refetch()}
      />
    );
  }
  return (
    <Box data-testid="payout-batches">
      {batches.isError && (
        <LoadError
          title="Payout batches could not be read again"
          error={batches.error}
          onRetry={() => void batches.refetch()}
          loadedAt={batches.dataUpdatedAt}
        />
      )}
      <DataTable
        rows={batches.data}
        columns={columns}
        rowKey={(b) => b.id}
        rowLabel={(b) => `batch ${b.id}`}
        caption="Payout batches"
        emptyText="No payout batch yet."
        minWidth={900}
      />
    </Box>
  );
}
