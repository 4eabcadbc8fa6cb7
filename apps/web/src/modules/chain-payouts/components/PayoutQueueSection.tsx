import { Box, Button, Checkbox, Group, Text } from '@mantine/core';
import type { PayoutChain, PayoutQueueItem } from '@sgx/contracts';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { type Column, DataTable } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/format';
import { formatMoney, Money } from '../../../ui/Money';
import { sumAmounts } from '../../sweeps/sweepPlan';
import { CHAIN_PAYOUTS_NS } from '../i18n';
import { PAYOUT_BATCH_MAX, pickedPayouts, toggleAllPayouts, togglePayout } from '../payoutPlan';
import { payoutColumns } from './PayoutStatus';

interface PayoutQueueSectionProps {
  /** The approved payouts of the network, oldest first. */
  payouts: readonly PayoutQueueItem[];
  /** The chain they would be paid on (null: none has a payout contract). */
  chain: PayoutChain | null;
  onPay: (chain: PayoutChain, payouts: PayoutQueueItem[]) => void;
}

/** The approved payouts with checkboxes (at most 200 at once), the total selected, and "Pay N payouts". */
export function PayoutQueueSection({ payouts, chain, onPay }: PayoutQueueSectionProps) {
  const { t } = useT(CHAIN_PAYOUTS_NS);
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => new Set());
  const { kept, chosen } = pickedPayouts(payouts, picked);
  const allPicked = payouts.length > 0 && toggleAllPayouts(payouts, kept).size === 0;
  const canPay = chain !== null;

  const columns: Column<PayoutQueueItem>[] = [
    {
      key: 'pick',
      header: (
        <Checkbox
          aria-label={t('queue.selectAll')}
          checked={allPicked}
          indeterminate={kept.size > 0 && !allPicked}
          disabled={payouts.length === 0 || !canPay}
          onChange={() => setPicked(toggleAllPayouts(payouts, kept))}
        />
      ),
      render: (p) => (
        <Checkbox
          aria-label={t('queue.select', { id: p.withdrawal_id, username: p.username })}
          checked={kept.has(p.withdrawal_id)}
          disabled={!canPay}
          onChange={() => setPicked(togglePayout(kept, p.withdrawal_id))}
        />
      ),
    },
    ...payoutColumns(),
    { key: 'net', header: t('columns.net'), nowrap: true, render: (p) => <Money value={p.net} fw={600} /> },
    {
      key: 'approved',
      header: t('queue.approved'),
      nowrap: true,
      priority: 3,
      render: (p) => formatDateTime(p.approved_at),
    },
  ];

  return (
    <Box data-testid="payout-queue">
      <DataTable
        rows={payouts}
        columns={columns}
        rowKey={(p) => p.withdrawal_id}
        rowLabel={(p) => t('queue.row', { id: p.withdrawal_id })}
        caption={t('queue.caption')}
        emptyText={t('queue.empty')}
        minWidth={620}
      />
      {payouts.length > PAYOUT_BATCH_MAX && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('queue.max', { max: PAYOUT_BATCH_MAX })}
        </Text>
      )}
      <Group justify="space-between" wrap="wrap" mt="sm">
        <Text size="sm" data-testid="payout-selection">
          {chosen.length === 0
            ? t('queue.nothing')
            : t('queue.selected', {
                n: chosen.length,
                total: formatMoney(sumAmounts(chosen.map((p) => p.net))),
              })}
        </Text>
        <Button
          leftSection={<IconSend size={16} />}
          disabled={chain === null || chosen.length === 0}
          onClick={() => chain !== null && onPay(chain, chosen)}
        >
          {chosen.length === 0
            ? t('queue.paySelected')
            : t(chosen.length === 1 ? 'queue.payOne' : 'queue.payMany', { n: chosen.length })}
        </Button>
      </Group>
    </Box>
  );
}
