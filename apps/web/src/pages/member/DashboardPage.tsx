import { Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowDownToArc,
  IconArrowUpFromArc,
  IconCreditCard,
  IconHistory,
  IconListDetails,
  IconPackage,
} from '@tabler/icons-react';
import { lazy, Suspense, useDeferredValue } from 'react';
import { Link } from 'react-router';
import english from '../../i18n/en/dashboard.json';
import { englishNamespace, useT } from '../../i18n/i18n';
import { useSession } from '../../modules/auth/hooks/useSession';
import { ReorgHeldNotice } from '../../modules/deposits/components/ReorgHeldNotice';
import { useUserTransactions } from '../../modules/transactions/api/transactionsApi';
import { useUser } from '../../modules/users/api/usersApi';
import { useActivePlan, useWallet } from '../../modules/wallet/api/walletApi';
import { ActivePlanCard } from '../../modules/wallet/components/ActivePlanCard';
import { WalletCards } from '../../modules/wallet/components/WalletCards';
import { CopyText } from '../../ui/CopyText';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { welcomeKey } from './welcome';

// The recent transactions' table loads beside their answer, not before the dashboard shows (decision 0046).
const TransactionsTable = lazy(() =>
  import('../../modules/transactions/components/TransactionsTable').then((m) => ({
    default: m.TransactionsTable,
  })),
);

// The earning room (decision 0068): its card, texts and answer load beside the first screen, not in it.
const EarningRoomCard = lazy(() => import('../../modules/income/components/EarningRoomCard'));
/** Income held before it is paid (decision 0076): drawn only when some is pending. */
const PendingIncomeCard = lazy(() => import('../../modules/income/components/PendingIncomeCard'));

const recentQuery = new URLSearchParams({ page: '1', limit: '5' });

const NS = englishNamespace('dashboard', english);

const links = [
  { to: '/user/web3-deposit', label: 'deposit', icon: IconArrowDownToArc },
  { to: '/user/topup', label: 'topup', icon: IconCreditCard },
  { to: '/user/withdrawal', label: 'withdraw', icon: IconArrowUpFromArc },
  { to: '/user/subscription', label: 'plans', icon: IconPackage },
  { to: '/user/deposit-history', label: 'deposits', icon: IconHistory },
  { to: '/transactions/all', label: 'activity', icon: IconListDetails },
] as const;

/** The greeting: its wording follows the account's age, so only this line waits for (and redraws with) it. */
function Welcome({ userId, name }: { userId: number; name: string }) {
  const { t } = useT(NS);
  const account = useUser(userId);
  return <>{t(welcomeKey(account.data?.created_at), { name })}</>;
}

function Balances({ userId }: { userId: number | null }) {
  const { t } = useT(NS);
  const wallet = useWallet(userId);
  // The cards are drawn again in a transition, in slices, when the answer comes: the answer itself redraws this
  // part at once and in one piece (react-query's store), so that piece is kept small (decision 0052).
  const wallets = useDeferredValue(wallet.data?.wallets);
  return (
    <>
      {wallet.isError && (
        <LoadError
          title={t('balancesError')}
          error={wallet.error}
          onRetry={() => void wallet.refetch()}
          loadedAt={wallet.dataUpdatedAt}
        />
      )}
      <WalletCards wallets={wallets} />
      {/* A deposit credit held after a chain reorganisation (decision 0028): how much, and why. */}
      {wallet.data !== undefined && wallet.data.wallets.held !== '0.00000000' && <ReorgHeldNotice />}
    </>
  );
}

function Plan({ userId }: { userId: number | null }) {
  const { t } = useT(NS);
  const plan = useActivePlan(userId);
  // Drawn in a transition when the answer comes, as the balances are.
  const shown = useDeferredValue(plan.data);
  return plan.isError ? (
    <LoadError title={t('planError')} error={plan.error} onRetry={() => void plan.refetch()} />
  ) : (
    <ActivePlanCard plan={shown} loading={shown === undefined} />
  );
}

function Recent({ userId }: { userId: number | null }) {
  const { t } = useT(NS);
  const recent = useUserTransactions(userId, recentQuery);
  // Drawn in a transition when the answer comes, as the balances are.
  const rows = useDeferredValue(recent.data?.transactions);
  return recent.isError ? (
    <LoadError title={t('recentError')} error={recent.error} onRetry={() => void recent.refetch()} />
  ) : (
    <Stack gap="xs">
      {rows !== undefined && (
        <Suspense fallback={<Skeleton h={120} radius="md" />}>
          <TransactionsTable rows={rows} emptyText={t('empty')} />
        </Suspense>
      )}
    </Stack>
  );
}

/**
 * /user/dashboard: wallet balances, the active plan, the room left under the earning cap and the ways to move
 * money. Each part reads its own answer, so an answer arriving draws only its part again, not the page (decision
 * 0052: a phone's main thread).
 */
export default function DashboardPage() {
  const { t } = useT(NS);
  const session = useSession();
  const userId = session?.account.id ?? null;

  return (
    <PageShell
      title={t('title')}
      description={
        session && userId !== null ? <Welcome userId={userId} name={session.account.fullname} /> : undefined
      }
      actions={
        userId !== null && (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t('memberId')}
            </Text>
            <CopyText value={String(userId)} label={t('memberIdLabel')} />
          </Group>
        )
      }
    >
      <Balances userId={userId} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="md">
          <Plan userId={userId} />
          {userId !== null && (
            <Suspense fallback={<Skeleton h={120} radius="lg" data-testid="earning-room-loading" />}>
              <EarningRoomCard userId={userId} />
            </Suspense>
          )}
          <Suspense fallback={null}>
            <PendingIncomeCard />
          </Suspense>
        </Stack>
        <Card withBorder radius="lg" padding="md">
          <Title order={3} fz="lg" mb="sm">
            {t('moveMoney')}
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
                // A longer word (Spanish "Mis depósitos") wraps to a second line instead of being cut (decision 0055).
                h="auto"
                mih={36}
                py={6}
                styles={{
                  label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'start', lineHeight: 1.25 },
                }}
                data-testid={`dashboard-link-${l.label}`}
              >
                {t(`links.${l.label}`)}
              </Button>
            ))}
          </SimpleGrid>
        </Card>
      </SimpleGrid>

      <Card withBorder radius="lg" padding="md">
        <Group justify="space-between" mb="sm">
          <Title order={3} fz="lg">
            {t('recent')}
          </Title>
          <Anchor component={Link} to="/transactions/all" size="sm">
            {t('allTransactions')}
          </Anchor>
        </Group>
        <Recent userId={userId} />
      </Card>
    </PageShell>
  );
}
