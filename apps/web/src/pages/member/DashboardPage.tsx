import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowDownToArc,
  IconArrowUpFromArc,
  IconCreditCard,
  IconHistory,
  IconListDetails,
  IconPackage,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../modules/auth/hooks/useSession';
import { ReorgHeldNotice } from '../../modules/deposits/components/ReorgHeldNotice';
import { useUserTransactions } from '../../modules/transactions/api/transactionsApi';
import { TransactionsTable } from '../../modules/transactions/components/TransactionsTable';
import { useActivePlan, useWallet } from '../../modules/wallet/api/walletApi';
import { ActivePlanCard } from '../../modules/wallet/components/ActivePlanCard';
import { WalletCards } from '../../modules/wallet/components/WalletCards';
import { CopyText } from '../../ui/CopyText';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';

const recentQuery = new URLSearchParams({ page: '1', limit: '5' });

const links = [
  { to: '/user/web3-deposit', label: 'Deposit', icon: IconArrowDownToArc },
  { to: '/user/topup', label: 'Top-up', icon: IconCreditCard },
  { to: '/user/withdrawal', label: 'Withdraw', icon: IconArrowUpFromArc },
  { to: '/user/subscription', label: 'Plans', icon: IconPackage },
  { to: '/user/deposit-history', label: 'My deposits', icon: IconHistory },
  { to: '/transactions/all', label: 'Activity', icon: IconListDetails },
];

/** /user/dashboard: wallet balances, the active plan and the ways to move money. */
export default function DashboardPage() {
  const session = useSession();
  const userId = session?.account.id ?? null;
  const wallet = useWallet(userId);
  const plan = useActivePlan(userId);
  const recent = useUserTransactions(userId, recentQuery);

  return (
    <PageShell
      title="Dashboard"
      description={session ? `Welcome back, ${session.account.fullname}.` : undefined}
      actions={
        userId !== null && (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="dimmed">
              Member ID
            </Text>
            <CopyText value={String(userId)} label="member ID" />
          </Group>
        )
      }
    >
      {wallet.isError && (
        <LoadError
          title="Balances could not be loaded"
          error={wallet.error}
          onRetry={() => void wallet.refetch()}
          loadedAt={wallet.dataUpdatedAt}
        />
      )}
      <WalletCards wallets={wallet.data?.wallets} />
      {/* A deposit credit held after a chain reorganisation (decision 0028): how much, and why. */}
      {wallet.data !== undefined && wallet.data.wallets.held !== '0.00000000' && <ReorgHeldNotice />}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {plan.isError ? (
          <LoadError
            title="Your plan could not be loaded"
            error={plan.error}
            onRetry={() => void plan.refetch()}
          />
        ) : (
          <ActivePlanCard plan={plan.data} loading={plan.isPending} />
        )}
        <Card withBorder radius="lg" padding="md">
          <Title order={3} fz="lg" mb="sm">
            Move money
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 2, lg: 3 }} spacing="xs">
            {links.map((l) => (
              <Button
                key={l.to}
                component={Link}
                to={l.to}
                variant="light"
                leftSection={<l.icon size={16} />}
                justify="flex-start"
                fullWidth
              >
                {l.label}
              </Button>
            ))}
          </SimpleGrid>
        </Card>
      </SimpleGrid>

      <Card withBorder radius="lg" padding="md">
        <Group justify="space-between" mb="sm">
          <Title order={3} fz="lg">
            Recent activity
          </Title>
          <Anchor component={Link} to="/transactions/all" size="sm">
            All transactions
          </Anchor>
        </Group>
        {recent.isError ? (
          <LoadError
            title="Recent activity could not be loaded"
            error={recent.error}
            onRetry={() => void recent.refetch()}
          />
        ) : (
          <Stack gap="xs">
            {recent.data !== undefined && (
              <TransactionsTable
                rows={recent.data.transactions}
                emptyText="Nothing yet. Start with a deposit."
              />
            )}
          </Stack>
        )}
      </Card>
    </PageShell>
  );
}
