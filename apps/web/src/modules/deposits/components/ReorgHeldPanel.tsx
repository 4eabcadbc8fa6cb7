import { Badge, Stack, Text } from '@mantine/core';
import type { ReorgDepositRecord } from '@sgx/contracts';
import toast from 'react-hot-toast';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { CopyText } from '../../../ui/CopyText';
import { type Column, DataTable } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { MemberName } from '../../../ui/MemberName';
import { Money } from '../../../ui/Money';
import { RowActions } from '../../../ui/RowActions';
import { SectionCard } from '../../../ui/SectionCard';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import { resolveReorgedDeposit, useReorgedDeposits } from '../api/reorgApi';
import { depositNetwork } from '../depositText';
import { DEPOSITS_NS } from '../i18n';
import { ReorgHeldDialog, type ReorgResolveRequest } from './ReorgHeldDialog';

/**
 * Admin: credited deposits a chain reorganisation removed, their amount held (decision 0028), each to reverse or,
 * once the chain shows the transfer again, to release. Shown only while there is one to resolve.
 */
export function ReorgHeldPanel() {
  const { t } = useT(DEPOSITS_NS);
  const held = useReorgedDeposits();
  const invalidate = useInvalidateMoney();
  const resolve = useConfirmedAction({
    run: (r: ReorgResolveRequest, key) =>
      resolveReorgedDeposit(r.deposit.id, { action: r.action, reason: r.reason }, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      invalidate();
    },
  });

  const columns: Column<ReorgDepositRecord>[] = [
    { key: 'id', header: '#', render: (d) => d.id, nowrap: true },
    {
      key: 'member',
      header: t('reorg.member'),
      render: (d) => <MemberName name={d.fullname} username={d.username} id={d.user_id} />,
    },
    { key: 'held', header: t('reorg.held'), render: (d) => <Money value={d.held_amount} />, nowrap: true },
    {
      key: 'credited',
      header: t('reorg.credited'),
      render: (d) => <Money value={d.credited_amount} />,
      nowrap: true,
      priority: 3,
    },
    {
      key: 'shortfall',
      header: t('reorg.spent'),
      render: (d) => (d.shortfall === '0.00000000' ? '-' : <Money value={d.shortfall} />),
      nowrap: true,
      priority: 2,
    },
    {
      key: 'why',
      header: t('reorg.why'),
      render: (d) => (
        <Stack gap={2}>
          <Text size="sm">{d.reorg_note ?? '-'}</Text>
          <Text size="xs" c="dimmed">
            {t('reorg.detected', { network: depositNetwork(d), time: formatDateTime(d.reorg_detected_at) })}
          </Text>
        </Stack>
      ),
      priority: 2,
    },
    {
      key: 'hash',
      header: t('reorg.transaction'),
      render: (d) => <CopyText value={d.hash} label={t('chain.hashLabel', { id: d.id })} short />,
      priority: 3,
    },
    {
      key: 'actions',
      header: t('reorg.resolve'),
      stickyEnd: true,
      render: (d) => (
        <RowActions
          actions={[
            {
              label: t('reorg.release'),
              ariaLabel: t('reorg.releaseLabel', { id: d.id }),
              tone: 'go',
              onClick: () => resolve.open({ deposit: d, action: 'release', reason: '' }),
            },
            {
              label: t('reorg.reverse'),
              ariaLabel: t('reorg.reverseLabel', { id: d.id }),
              tone: 'stop',
              onClick: () => resolve.open({ deposit: d, action: 'reverse', reason: '' }),
            },
          ]}
        />
      ),
    },
  ];

  if (held.isError)
    return (
      <LoadError
        title={t('reorg.loadError')}
        error={held.error}
        onRetry={() => void held.refetch()}
        loadedAt={held.dataUpdatedAt}
      />
    );
  const rows = held.data?.deposits ?? [];
  if (rows.length === 0) return null;
  return (
    <SectionCard
      title={t('reorg.title')}
      testId="reorg-held"
      description={t('reorg.description')}
      actions={
        <Badge color="red" variant="light">
          {t('reorg.heldCount', { n: held.data?.held_count ?? rows.length })}
        </Badge>
      }
    >
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(d) => d.id}
        rowLabel={(d) => t('reorg.rowLabel', { id: d.id })}
        caption={t('reorg.caption')}
      />
      <ReorgHeldDialog action={resolve} />
    </SectionCard>
  );
}
