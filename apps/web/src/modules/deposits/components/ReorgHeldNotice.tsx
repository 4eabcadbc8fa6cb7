import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatMoney } from '../../../ui/Money';
import { useMyHeldDeposits } from '../api/reorgApi';

/**
 * The member's deposits held after a chain reorganisation (decision 0028): how much is held and why, and what
 * became of the ones already resolved. Shows nothing when there are none.
 */
export function ReorgHeldNotice() {
  const mine = useMyHeldDeposits();
  const deposits = mine.data?.deposits ?? [];
  if (deposits.length === 0) return null;
  const held = mine.data?.held ?? '0.00000000';
  const open = deposits.filter((d) => d.reorg_status === 'held');
  return (
    <Alert
      color={open.length > 0 ? 'yellow' : 'gray'}
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={open.length > 0 ? `${formatMoney(held)} held` : 'Deposits checked after a chain reorganisation'}
      data-testid="reorg-held-notice"
    >
      {open.length > 0 && (
        <Text size="sm" mb="xs">
          After these deposits were credited, the chain stopped showing their transfer (a chain
          reorganisation). What was left of them is held in your account and cannot be spent until our team
          has checked it: if the chain shows the transfer again it comes back to your deposit wallet; if not,
          it is removed.
        </Text>
      )}
      <List size="sm" spacing={4}>
        {deposits.map((d) => (
          <List.Item key={d.id}>
            Deposit #{d.id} of {formatMoney(d.credited_amount)}:{' '}
            {d.reorg_status === 'held'
              ? `${formatMoney(d.held_amount)} held`
              : d.reorg_status === 'released'
                ? `released, ${formatMoney(d.held_amount)} back in your deposit wallet`
                : `reversed, ${formatMoney(d.held_amount)} removed`}
            {d.reorg_status === 'held' && d.shortfall !== '0.00000000'
              ? ` (${formatMoney(d.shortfall)} of it had already been spent)`
              : ''}
            .
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
