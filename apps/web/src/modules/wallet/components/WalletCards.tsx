import { Card, Grid, Skeleton, Text } from '@mantine/core';
import { memo } from 'react';
import { useT } from '../../../i18n/i18n';
import { Money } from '../../../ui/Money';
import { WALLET_NS } from '../i18n';

/** The balances of GET /tr/wallet/{userId}, as decimal text. */
export interface Wallets {
  deposit: string;
  working: string;
  non_working: string;
  compound: string;
  pending_withdrawals: string;
}

/** The cards in order; each one's label and hint are wallet.json's cards.<key>. */
const walletKeys: (keyof Wallets)[] = [
  'deposit',
  'working',
  'non_working',
  'compound',
  'pending_withdrawals',
];

/**
 * The member's wallet balances, exactly as the ledger holds them. Business Balance leads on phones. Drawn again
 * only when the balances change (memo: the dashboard passes them deferred).
 */
export const WalletCards = memo(function WalletCards({ wallets }: { wallets: Wallets | undefined }) {
  const { t } = useT(WALLET_NS);
  return (
    <Grid gap="sm" data-testid="wallet-cards">
      {walletKeys.map((key) => (
        <Grid.Col key={key} span={{ base: key === 'deposit' ? 12 : 6, sm: 4, lg: 'auto' }}>
          <Card withBorder radius="lg" padding="md" h="100%" data-testid={`wallet-${key}`}>
            <Text size="xs" c="dimmed" fw={700} tt="uppercase">
              {t(`cards.${key}.label`)}
            </Text>
            {wallets === undefined ? (
              <Skeleton h={28} mt={6} />
            ) : (
              <Money value={wallets[key]} fz={{ base: 'lg', sm: 'xl' }} fw={700} data-testid="amount" />
            )}
            <Text size="xs" c="dimmed" mt={4} visibleFrom="xs">
              {t(`cards.${key}.hint`)}
            </Text>
          </Card>
        </Grid.Col>
      ))}
    </Grid>
  );
});
