import { Badge, Stack, Text } from '@mantine/core';
import type { ReorgDepositRecord } from '@sgx/contracts';
import toast from 'react-hot-toast';
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
import { ReorgHeldDialog, type ReorgResolveRequest } from './ReorgHeldDialog';

/**
 * Admin: credited deposits a chain reorganisation removed, their amount held (decision 0028), each to reverse or,
 * once the chain shows the transfer again, to release. Shown only while there is one to resolve.
 */
export function ReorgHeldPanel() {
  const held = useReorgedDeposits();
  const invalidate = useInvalidateMoney();
  const resolve = useConfirmedAction({
    run: (r: ReorgResolveRequest, key) =>
      resolveReorgedDeposit(r.deposit.id, { action: r.action, reason: r.reason }, key),
    onSuccess: (res) => {
      toast.success(res.message);
      invalidate();
    },
  });

  const columns: Column<ReorgDepositRecord>[] = [
    { key: 'id', header: '#', render: (d) => d.id, nowrap: true },
    {
      key: 'member',
      header: 'Member',
      render: (d) => <MemberName name={d.fullname} username={d.username} id={d.user_id} />,
    },
    { key: 'held', header: 'Held', render: (d) => <Money value={d.held_amount} />, nowrap: true },
    {
      key: 'credited',
      header: 'Credited',
      render: (d) => <Money value={d.credited_amount} />,
      nowrap: true,
      priority: 3,
    },
    {
      key: 'shortfall',
      header: 'Already spent',
      render: (d) => (d.shortfall === '0.00000000' ? '-' : <Money value={d.shortfall} />),
      nowrap: true,
      priority: 2,
    },
    {
      key: 'why',
      header: 'What the chain shows',
      render: (d) => (
        <Stack gap={2}>
          <Text size="sm">{d.reorg_note ?? '-'}</Text>
          <Text size="xs" c="dimmed">
            {depositNetwork(d)}, detected {formatDateTime(d.reorg_detected_at)}
          </Text>
        </Stack>
      ),
      priority: 2,
    },
    {
      key: 'hash',
      header: 'Transaction',
      render: (d) => <CopyText value={d.hash} label={`hash of deposit ${d.id}`} short />,
      priority: 3,
    },
    {
      key: 'actions',
      header: 'Resolve',
      stickyEnd: true,
      render: (d) => (
        <RowActions
          actions={[
            {
              label: 'Release',
              ariaLabel: `Release held deposit ${d.id}`,
              tone: 'go',
              onClick: () => resolve.open({ deposit: d, action: 'release', reason: '' }),
            },
            {
              label: 'Reverse',
              ariaLabel: `Reverse held deposit ${d.id}`,
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
        title="Held deposits could not be loaded"
        error={held.error}
        onRetry={() => void held.refetch()}
        loadedAt={held.dataUpdatedAt}
      />
    );
  const rows = held.data?.deposits ?? [];
  if (rows.length === 0) return null;
  return (
    <SectionCard
      title="Held after a chain reorganisation"
      testId="reorg-held"
      description="These deposits were credited, then the chain stopped showing their transfer. What was left of each is held, not spendable. Reverse takes it off the books; Release returns it, only if the chain shows the transfer again with its confirmations."
      actions={
        <Badge color="red" variant="light">
          {held.data?.held_count ?? rows.length} held
        </Badge>
      }
    >
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(d) => d.id}
        rowLabel={(d) => `held deposit ${d.id}`}
        caption="Deposits held after a chain reorganisation"
      />
      <ReorgHeldDialog action={resolve} />
    </SectionCard>
  );
}
