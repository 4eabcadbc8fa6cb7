import { Anchor, Card, Group, List, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAt, IconQrcode, IconWallet } from '@tabler/icons-react';
import { lazy, memo, type ReactNode, Suspense, useCallback, useDeferredValue } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../../i18n/i18n';
import { RichText } from '../../i18n/RichText';
import { useDepositAddresses } from '../../modules/deposit-addresses/api/addressesApi';
import { useMemberDepositAddresses } from '../../modules/deposit-addresses/api/memberAddressesApi';
import { OwnAddressesSkeleton } from '../../modules/deposit-addresses/components/OwnAddressesSkeleton';
import { type DepositWay, depositWayOf, depositWayParam } from '../../modules/deposit-addresses/depositWay';
import { useMemberId } from '../../modules/wallet/api/useMemberId';
import { WEB3_NS } from '../../modules/web3/i18n';
import { WalletGate } from '../../modules/web3/WalletGate';
import { PageShell } from '../../ui/PageShell';

// The ways' contents load once the answers say which one shows: the page's title, description and what
// happens next are drawn from this file alone, before the addresses, QR codes and forms (decision 0046).
const OwnDepositAddresses = lazy(() =>
  import('../../modules/deposit-addresses/components/OwnDepositAddresses').then((m) => ({
    default: m.OwnDepositAddresses,
  })),
);
const DepositsNotOpen = lazy(() =>
  import('../../modules/deposit-addresses/components/ReceivingAddress').then((m) => ({
    default: m.DepositsNotOpen,
  })),
);
const ManualDeposit = lazy(() => import('../../modules/web3/components/ManualDeposit'));
const FromWalletPanel = lazy(() => import('../../modules/web3/components/FromWalletPanel'));

/**
 * /user/web3-deposit: send USDT to the member's own deposit address (`?way=address`, credited whoever sends
 * it), deposit from a connected wallet (`wallet`: link it, send, follow it live), or send it yourself to the
 * platform's address and report the transaction hash (`manual`). Without `way`, the own address opens when
 * the member has one, else the wallet.
 */
export default function Web3DepositPage() {
  const { t } = useT(WEB3_NS);
  const userId = useMemberId();
  const [params, setParams] = useSearchParams();
  const asked = params.get('way');
  // No receiving address at all (a fresh install): nothing to send to, so no way to deposit is offered,
  // unless the member has an address of their own (its money goes to the treasury its factory fixes).
  const addresses = useDepositAddresses();
  const own = useMemberDepositAddresses();
  const hasOwn = (own.data?.length ?? 0) > 0;
  const notOpen = addresses.data !== undefined && addresses.data.length === 0;
  const way = depositWayOf(asked, hasOwn);
  // Wait for the own addresses only where they decide what shows: no `way` asked, or no platform address.
  const loading = addresses.isPending || (own.isPending && (asked === null || notOpen));
  const shown: Shown = loading
    ? 'loading'
    : notOpen && (hasOwn || own.isError)
      ? 'own'
      : notOpen
        ? 'closed'
        : 'ways';
  // What the answers decide is drawn in a transition when they come, in slices (as the dashboard's parts are):
  // their own redraw is then only this frame (decision 0052). A tab the member picks is drawn at once.
  const deferred = useDeferredValue(shown);
  // Nothing to send to (no platform address): no word of what happens next.
  const next = useDeferredValue(!notOpen);
  const onWay = useCallback(
    (v: string | null) => setParams({ way: depositWayParam(v) }, { replace: true }),
    [setParams],
  );

  return (
    <PageShell
      title={t('page.title')}
      description={t('page.description')}
      actions={
        <Anchor component={Link} to="/user/deposit-history" size="sm">
          {t('page.history')}
        </Anchor>
      }
    >
      <Content shown={deferred} next={next} way={way} userId={userId} onWay={onWay} />
    </PageShell>
  );
}

type Shown = 'loading' | 'own' | 'closed' | 'ways';

/** The page under its title: a skeleton, the member's own address alone, "not open", or the ways to deposit. */
const Content = memo(function Content({
  shown,
  next,
  way,
  userId,
  onWay,
}: {
  shown: Shown;
  next: boolean;
  way: DepositWay;
  userId: number | null;
  onWay: (way: string | null) => void;
}) {
  return (
    <>
      {shown === 'loading' ? (
        // Most often the ways come, the tabs over the address cards: their places, so nothing moves (decision 0055).
        <div>
          <Skeleton h={36} maw={640} mb="md" radius="md" />
          <OwnAddressesSkeleton />
        </div>
      ) : shown === 'own' ? (
        <Part fallback={<OwnAddressesSkeleton />}>
          <OwnDepositAddresses />
        </Part>
      ) : shown === 'closed' ? (
        <Part>
          <DepositsNotOpen />
        </Part>
      ) : (
        <DepositWays way={way} userId={userId} onWay={onWay} />
      )}
      {next && <WhatHappensNext />}
    </>
  );
});

/** The three ways to deposit: to the member's own address, from a connected wallet, or sent by hand and reported. */
function DepositWays({
  way,
  userId,
  onWay,
}: {
  way: DepositWay;
  userId: number | null;
  onWay: (way: string | null) => void;
}) {
  const { t } = useT(WEB3_NS);
  // On a phone the three tabs share one row: no icons, and a long label may take two lines.
  const phone = useMediaQuery('(max-width: 30em)');
  const tab = phone
    ? ({ px: 'xs', style: { whiteSpace: 'normal', justifyContent: 'center', textAlign: 'center' } } as const)
    : {};
  return (
    <Tabs value={way} onChange={onWay} variant="pills" radius="md">
      <Tabs.List grow mb="md" maw={640}>
        <Tabs.Tab value="address" leftSection={phone ? undefined : <IconAt size={16} />} {...tab}>
          {t('page.tabAddress')}
        </Tabs.Tab>
        <Tabs.Tab value="wallet" leftSection={phone ? undefined : <IconWallet size={16} />} {...tab}>
          {t('page.tabWallet')}
        </Tabs.Tab>
        <Tabs.Tab value="manual" leftSection={phone ? undefined : <IconQrcode size={16} />} {...tab}>
          {t('page.tabManual')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="address">
        <Part fallback={<OwnAddressesSkeleton />}>
          <OwnDepositAddresses />
        </Part>
      </Tabs.Panel>
      <Tabs.Panel value="wallet">
        {userId !== null && (
          <WalletGate fallback={<WalletPanelSkeleton />}>
            <FromWalletPanel userId={userId} />
          </WalletGate>
        )}
      </Tabs.Panel>
      <Tabs.Panel value="manual">
        {userId !== null && (
          <Part>
            <ManualDeposit userId={userId} />
          </Part>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}

/** A way's content, with a skeleton while its code loads (the address cards': one their size). */
function Part({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  return <Suspense fallback={fallback ?? <Skeleton h={140} radius="lg" />}>{children}</Suspense>;
}

function WalletPanelSkeleton() {
  const { t } = useT(WEB3_NS);
  return (
    <Stack gap="md" aria-label={t('header.loadingWallet')} role="status">
      <Skeleton h={140} radius="lg" />
      <Skeleton h={120} radius="lg" />
    </Stack>
  );
}

function WhatHappensNext() {
  const { t } = useT(WEB3_NS);
  return (
    <Card withBorder radius="lg" padding="md">
      <Title order={3} fz="md" mb="xs">
        {t('next.title')}
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>{t('next.history')}</List.Item>
        <List.Item>{t('next.own')}</List.Item>
        <List.Item>{t('next.check')}</List.Item>
        <List.Item>{t('next.refused')}</List.Item>
        <List.Item>{t('next.cancel')}</List.Item>
      </List>
      <Group mt="xs">
        <Text size="sm" c="dimmed">
          <RichText
            text={t('next.questions')}
            components={{ query: <Anchor component={Link} to="/user/query/create" /> }}
          />
        </Text>
      </Group>
    </Card>
  );
}
