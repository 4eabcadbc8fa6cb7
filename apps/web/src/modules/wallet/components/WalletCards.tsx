import { Card, Grid, Skeleton, Text } from '@mantine/core';
import { Money } from '../../../ui/Money';

/** The balances of GET /tr/wallet/{userId}, as decimal text. */
export interface Wallets {
  deposit: string;
  working: string;
  non_working: string;
  compound: string;
  pending_withdrawals: string;
}

export const walletLabels: { key: keyof Wallets; label: string; hint: string }[] = [
  { key: 'deposit', label: 'Business Balance', hint: 'Deposit wallet: buys plans and top-ups' },
  { key: 'working', label: 'Working', hint: 'Direct, level, reward and salary income' },
  { key: 'non_working', label: 'Non-working', hint: 'ROI and CTO income' },
  { key: 'compound', label: 'Compound', hint: 'Moved from working' },
  { key: 'pending_withdrawals', label: 'Pending withdrawals', hint: 'Held until paid or declined' },
];

/** The member's wallet balances, exactly as the ledger holds them. Business Balance leads on phones. */
export function WalletCards({ wallets }: { wallets: Wallets | undefined }) {
  return (
    <Grid gap="sm" data-testid="wallet-cards">
      {walletLabels.map((w) => (
        <Grid.Col key={w.key} span={{ base: w.key === 'deposit' ? 12 : 6, sm: 4, lg: 'auto' }}>
          <Card withBorder radius="lg" padding="md" h="100%" data-testid={`wallet-${w.key}`}>
            <Text size="xs" c="dimmed" fw={700} tt="uppercase">
              {w.label}
            </Text>
            {wallets === undefined ? (
              <Skeleton h={28} mt={6} />
            ) : (
              <Money value={wallets[w.key]} fz={{ base: 'lg', sm: 'xl' }} fw={700} data-testid="amount" />
            )}
            <Text size="xs" c="dimmed" mt={4} visibleFrom="xs">
              {w.hint}
            </Text>
          </Card>
        </Grid.Col>
      ))}
    </Grid>
  );
}
