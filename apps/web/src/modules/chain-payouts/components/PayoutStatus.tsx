import { Badge, Stack, Text } from '@mantine/core';
import type { PayoutQueueItem, WithdrawalPayout } from '@sgx/contracts';
import { tr } from '../../../i18n/i18n';
import { CopyText } from '../../../ui/CopyText';
import type { Column } from '../../../ui/DataTable';
import { SweepTxLink } from '../../sweeps/components/SweepStatus';
import { payoutLine, type StatusLook } from '../payoutPlan';

/** A status word as a small badge (a payout's or a batch's). */
export function LookBadge({ look, testId }: { look: StatusLook; testId?: string }) {
  return (
    <Badge
      color={look.color}
      variant="light"
      size="sm"
      style={{ minWidth: 'max-content' }}
      data-testid={testId}
    >
      {look.label}
    </Badge>
  );
}

/** The transaction with a link to the explorer (the server's, else the chain's own). */
export const PayoutTxLink = SweepTxLink;

/**
 * A withdrawal's payment on chain, for its member and the admins: approved, sending, paid (with its transaction
 * and confirmations) or failed (with why). Nothing for a request that is not paid on chain.
 */
export function WithdrawalPayoutStatus({ id, payout }: { id: number; payout: WithdrawalPayout | null }) {
  const line = payoutLine(payout);
  if (payout === null || line === null) return null;
  return (
    <Stack gap={2} align="flex-start" data-testid={`withdrawal-${id}-payout`}>
      <LookBadge look={line.look} />
      {payout.tx_hash !== null && payout.chain_id !== null && (
        <PayoutTxLink chainId={payout.chain_id} hash={payout.tx_hash} explorerUrl={payout.explorer_url} />
      )}
      {line.detail !== null && (
        <Text size="xs" c={payout.status === 'failed' ? 'red' : 'dimmed'} maw={220}>
          {line.detail}
        </Text>
      )}
    </Stack>
  );
}

/** The columns naming a payout in the admins' tables: its withdrawal, the member, the payout address. */
export const payoutColumns = (): Column<PayoutQueueItem>[] => [
  {
    key: 'id',
    header: tr('chainPayouts:columns.no'),
    nowrap: true,
    priority: 2,
    render: (p) => `#${p.withdrawal_id}`,
  },
  { key: 'member', header: tr('chainPayouts:columns.member'), nowrap: true, render: (p) => p.username },
  {
    key: 'address',
    header: tr('chainPayouts:columns.address'),
    priority: 2,
    render: (p) => (
      <CopyText
        value={p.address}
        label={tr('chainPayouts:columns.payoutAddress', { username: p.username })}
        short
      />
    ),
  },
];
