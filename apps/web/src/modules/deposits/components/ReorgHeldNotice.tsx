import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import { formatMoney } from '../../../ui/Money';
import { WALLET_NS } from '../../wallet/i18n';
import { useMyHeldDeposits } from '../api/reorgApi';

/**
 * The member's deposits held after a chain reorganisation (decision 0028): how much is held and why, and what
 * became of the ones already resolved. Shows nothing when there are none.
 */
export function ReorgHeldNotice() {
  const { t } = useT(WALLET_NS);
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
      title={open.length > 0 ? t('reorg.held', { amount: formatMoney(held) }) : t('reorg.checked')}
      data-testid="reorg-held-notice"
    >
      {open.length > 0 && (
        <Text size="sm" mb="xs">
          {t('reorg.explain')}
        </Text>
      )}
      <List size="sm" spacing={4}>
        {deposits.map((d) => {
          const vars = {
            id: d.id,
            credited: formatMoney(d.credited_amount),
            amount: formatMoney(d.held_amount),
            shortfall: formatMoney(d.shortfall),
          };
          const key =
            d.reorg_status === 'held'
              ? d.shortfall !== '0.00000000'
                ? 'reorg.depositHeldSpent'
                : 'reorg.depositHeld'
              : d.reorg_status === 'released'
                ? 'reorg.depositReleased'
                : 'reorg.depositReversed';
          return <List.Item key={d.id}>{t(key, vars)}</List.Item>;
        })}
      </List>
    </Alert>
  );
}
