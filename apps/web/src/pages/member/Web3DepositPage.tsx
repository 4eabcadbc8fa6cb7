import {
  Alert,
  Anchor,
  Card,
  Group,
  List,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { networkName } from '@sgx/chain/names';
import { DEFAULT_EVM_CHAIN_ID } from '@sgx/contracts/deposit-basics';
import { IconAlertTriangle, IconAt, IconQrcode, IconWallet } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../../i18n/i18n';
import { RichText } from '../../i18n/RichText';
import { useDepositAddresses } from '../../modules/deposit-addresses/api/addressesApi';
import { useMemberDepositAddresses } from '../../modules/deposit-addresses/api/memberAddressesApi';
import { OwnDepositAddresses } from '../../modules/deposit-addresses/components/OwnDepositAddresses';
import {
  DepositsNotOpen,
  ReceivingAddress,
} from '../../modules/deposit-addresses/components/ReceivingAddress';
import { type DepositWay, depositWayOf, depositWayParam } from '../../modules/deposit-addresses/depositWay';
import { DepositForm } from '../../modules/deposits/components/DepositForm';
import { useMemberId } from '../../modules/wallet/api/useMemberId';
import { useChains } from '../../modules/web3/api/chainsApi';
import { receivingAddressFor } from '../../modules/web3/chainOptions';
import { WEB3_NS } from '../../modules/web3/i18n';
import { WalletGate } from '../../modules/web3/WalletGate';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';

const FromWalletPanel = lazy(() => import('../../modules/web3/components/FromWalletPanel'));

type Currency = 'BEP20' | 'TRC20';

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
      {loading ? (
        <Skeleton h={140} radius="lg" />
      ) : notOpen && (hasOwn || own.isError) ? (
        <OwnDepositAddresses />
      ) : notOpen ? (
        <DepositsNotOpen />
      ) : (
        <DepositWays
          way={way}
          userId={userId}
          onWay={(v) => setParams({ way: depositWayParam(v) }, { replace: true })}
        />
      )}
      {!notOpen && <WhatHappensNext />}
    </PageShell>
  );
}

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
        <OwnDepositAddresses />
      </Tabs.Panel>
      <Tabs.Panel value="wallet">
        {userId !== null && (
          <WalletGate fallback={<WalletPanelSkeleton />}>
            <FromWalletPanel userId={userId} />
          </WalletGate>
        )}
      </Tabs.Panel>
      <Tabs.Panel value="manual">{userId !== null && <ManualDeposit userId={userId} />}</Tabs.Panel>
    </Tabs>
  );
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

/** The address (QR, copy) for the chosen network and the form to report the transfer's hash. */
function ManualDeposit({ userId }: { userId: number }) {
  const { t } = useT(WEB3_NS);
  const addresses = useDepositAddresses();
  const chains = useChains();
  const [currency, setCurrency] = useState<Currency>('BEP20');
  const [chainId, setChainId] = useState<number>(DEFAULT_EVM_CHAIN_ID);
  const evmChains = chains.data?.chains ?? [];
  const chain = evmChains.find((c) => c.id === chainId);
  const address =
    currency === 'TRC20'
      ? addresses.data?.find((a) => a.currency === 'TRC20')
      : receivingAddressFor(addresses.data ?? [], chainId);
  const chainOff = currency === 'BEP20' && chain !== undefined && !chain.enabled;
  const network = networkName(currency, currency === 'BEP20' ? chainId : undefined);

  return (
    <Stack gap="md">
      <SegmentedControl
        value={currency}
        onChange={(v) => setCurrency(v === 'TRC20' ? 'TRC20' : 'BEP20')}
        data={[
          { value: 'BEP20', label: t('manual.evmChains') },
          { value: 'TRC20', label: networkName('TRC20') },
        ]}
        fullWidth
        maw={520}
        aria-label={t('manual.network')}
      />
      {currency === 'BEP20' && (
        <Select
          label={t('manual.chain')}
          description={
            chain === undefined || chain.verified ? t('manual.serverChecks') : t('manual.teamChecks')
          }
          data={
            evmChains.length > 0
              ? evmChains.map((c) => ({
                  value: String(c.id),
                  label: c.enabled
                    ? networkName('BEP20', c.id)
                    : t('manual.switchedOffOption', { chain: networkName('BEP20', c.id) }),
                  disabled: !c.enabled,
                }))
              : [{ value: String(DEFAULT_EVM_CHAIN_ID), label: networkName('BEP20', DEFAULT_EVM_CHAIN_ID) }]
          }
          value={String(chainId)}
          onChange={(v) => setChainId(v === null ? DEFAULT_EVM_CHAIN_ID : Number(v))}
          allowDeselect={false}
          maw={520}
        />
      )}
      {(addresses.isError || chains.isError) && (
        <LoadError
          title={t('manual.loadError')}
          error={addresses.error ?? chains.error}
          onRetry={() => {
            void addresses.refetch();
            void chains.refetch();
          }}
          loadedAt={addresses.dataUpdatedAt}
        />
      )}
      {addresses.isPending ? (
        <Skeleton h={320} radius="lg" />
      ) : addresses.data === undefined ? null : chainOff ? (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title={t('manual.offTitle', { network })}
        >
          {t('manual.offBody', { network })}
        </Alert>
      ) : address === undefined ? (
        // Never a form or an address to send to when the platform has none on this network.
        <DepositsNotOpen network={network} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap="sm">
            <Title order={3} fz="lg">
              {t('manual.step1')}
            </Title>
            <ReceivingAddress currency={currency} address={address} networkName={network} />
          </Stack>
          <Stack gap="sm">
            <Title order={3} fz="lg">
              {t('manual.step2')}
            </Title>
            <Card withBorder radius="lg" padding="md">
              <DepositForm
                key={`${currency}:${chainId}`}
                userId={userId}
                currency={currency}
                chainId={currency === 'BEP20' ? chainId : undefined}
                enabled
              />
            </Card>
          </Stack>
        </SimpleGrid>
      )}
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
