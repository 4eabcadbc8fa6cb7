import { Box, Button, Skeleton, Stack, Text } from '@mantine/core';
import { chainName } from '@sgx/chain';
import type { ChainConfig, SweepRecord } from '@sgx/contracts';
import { type Column, DataTable } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { Money } from '../../../ui/Money';
import { useSweeps } from '../api/sweepsApi';
import { canSendSweep } from '../sweepPlan';
import { SweepStatusBadge, SweepTxLink } from './SweepStatus';

interface SweepHistoryProps {
  chains: readonly ChainConfig[];
  /** A sweep whose transaction was never sent, or failed: open it again to send it. */
  onContinue: (sweep: SweepRecord) => void;
}

/** Every sweep, newest first: status, total, addresses, transaction, who, when, why it failed. */
export function SweepHistory({ chains, onContinue }: SweepHistoryProps) {
  const sweeps = useSweeps();
  const nameOf = (id: number) => chains.find((c) => c.id === id)?.name ?? chainName(id);

  const columns: Column<SweepRecord>[] = [
    { key: 'when', header: 'When', nowrap: true, render: (s) => formatDateTime(s.created_at) },
    { key: 'chain', header: 'Chain', nowrap: true, render: (s) => nameOf(s.chain_id) },
    { key: 'status', header: 'Status', render: (s) => <SweepStatusBadge status={s.status} /> },
    {
      key: 'total',
      header: 'Total',
      nowrap: true,
      render: (s) => <Money value={s.swept ?? s.expected} />,
    },
    { key: 'addresses', header: 'Addresses', render: (s) => s.addresses.length },
    {
      key: 'tx',
      header: 'Transaction',
      render: (s) => <SweepTxLink chainId={s.chain_id} hash={s.tx_hash} explorerUrl={s.explorer_url} />,
    },
    { key: 'by', header: 'By', nowrap: true, render: (s) => s.created_by },
    {
      key: 'note',
      header: 'Reason / failure',
      render: (s) => (
        <Stack gap={0}>
          <Text size="sm">{s.reason}</Text>
          {s.failure !== null && (
            <Text size="xs" c="red">
              {s.failure}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'action',
      header: '',
      stickyEnd: true,
      render: (s) =>
        canSendSweep(s.status) && chains.some((c) => c.id === s.chain_id) ? (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => onContinue(s)}
            aria-label={`Send sweep ${s.id}${s.status === 'failed' ? ' again' : ''}`}
          >
            {s.status === 'failed' ? 'Send again' : 'Send'}
          </Button>
        ) : null,
    },
  ];

  if (sweeps.isPending) return <Skeleton h={120} radius="md" aria-label="Loading sweeps" />;
  if (sweeps.data === undefined) {
    return (
      <LoadError
        title="Sweeps could not be loaded"
        error={sweeps.error}
        onRetry={() => void sweeps.refetch()}
      />
    );
  }
  return (
    <Box data-testid="sweep-history">
      {sweeps.isError && (
        <LoadError
          title="Sweeps could not be read again"
          error={sweeps.error}
          onRetry={() => void sweeps.refetch()}
          loadedAt={sweeps.dataUpdatedAt}
        />
      )}
      <DataTable
        rows={sweeps.data}
        columns={columns}
        rowKey={(s) => s.id}
        caption="Sweeps"
        emptyText="No sweep yet."
        minWidth={960}
      />
    </Box>
  );
}
