import { Box, Button, Skeleton, Stack, Text } from '@mantine/core';
import { chainName } from '@sgx/chain';
import type { ChainConfig, SweepRecord } from '@sgx/contracts';
import { useT } from '../../../i18n/i18n';
import { type Column, DataTable } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { Money } from '../../../ui/Money';
import { useSweeps } from '../api/sweepsApi';
import { SWEEPS_NS } from '../i18n';
import { canSendSweep } from '../sweepPlan';
import { SweepStatusBadge, SweepTxLink } from './SweepStatus';

interface SweepHistoryProps {
  chains: readonly ChainConfig[];
  /** A sweep whose transaction was never sent, or failed: open it again to send it. */
  onContinue: (sweep: SweepRecord) => void;
}

/** Every sweep, newest first: status, total, addresses, transaction, who, when, why it failed. */
export function SweepHistory({ chains, onContinue }: SweepHistoryProps) {
  const { t } = useT(SWEEPS_NS);
  const sweeps = useSweeps();
  const nameOf = (id: number) => chains.find((c) => c.id === id)?.name ?? chainName(id);

  const columns: Column<SweepRecord>[] = [
    { key: 'when', header: t('history.when'), nowrap: true, render: (s) => formatDateTime(s.created_at) },
    { key: 'chain', header: t('history.chain'), nowrap: true, render: (s) => nameOf(s.chain_id) },
    { key: 'status', header: t('history.status'), render: (s) => <SweepStatusBadge status={s.status} /> },
    {
      key: 'total',
      header: t('history.total'),
      nowrap: true,
      render: (s) => <Money value={s.swept ?? s.expected} />,
    },
    { key: 'addresses', header: t('history.addresses'), render: (s) => s.addresses.length },
    {
      key: 'tx',
      header: t('history.transaction'),
      render: (s) => <SweepTxLink chainId={s.chain_id} hash={s.tx_hash} explorerUrl={s.explorer_url} />,
    },
    { key: 'by', header: t('history.by'), nowrap: true, render: (s) => s.created_by },
    {
      key: 'note',
      header: t('history.note'),
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
      writeArea: 'money',
      header: '',
      stickyEnd: true,
      render: (s) =>
        canSendSweep(s.status) && chains.some((c) => c.id === s.chain_id) ? (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => onContinue(s)}
            aria-label={t(s.status === 'failed' ? 'history.sendAgainLabel' : 'history.sendLabel', {
              id: s.id,
            })}
          >
            {s.status === 'failed' ? t('history.sendAgain') : t('history.send')}
          </Button>
        ) : null,
    },
  ];

  if (sweeps.isPending) return <Skeleton h={120} radius="md" aria-label={t('history.loading')} />;
  if (sweeps.data === undefined) {
    return (
      <LoadError title={t('history.loadError')} error={sweeps.error} onRetry={() => void sweeps.refetch()} />
    );
  }
  return (
    <Box data-testid="sweep-history">
      {sweeps.isError && (
        <LoadError
          title={t('history.readAgainError')}
          error={sweeps.error}
          onRetry={() => void sweeps.refetch()}
          loadedAt={sweeps.dataUpdatedAt}
        />
      )}
      <DataTable
        rows={sweeps.data}
        columns={columns}
        rowKey={(s) => s.id}
        caption={t('history.caption')}
        emptyText={t('history.empty')}
        minWidth={960}
      />
    </Box>
  );
}
