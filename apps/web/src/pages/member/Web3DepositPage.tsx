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
import { DEFAULT_EVM_CHAIN_ID } from '@sgx/contracts';
import { IconAlertTriangle, IconAt, IconQrcode, IconWallet } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
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
      title="Web3 Deposit"
      description="Send USDT to your own deposit address, deposit from your wallet, or send it yourself and report the transfer."
      actions={
        <Anchor component={Link} to="/user/deposit-history" size="sm">
          Deposit history
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
  // On a phone the three tabs share one row: no icons, and a long label may take two lines.
  const phone = useMediaQuery('(max-width: 30em)');
  const tab = phone
    ? ({ px: 'xs', style: { whiteSpace: 'normal', justifyContent: 'center', textAlign: 'center' } } as const)
    : {};
  return (
    <Tabs value={way} onChange={onWay} variant="pills" radius="md">
      <Tabs.List grow mb="md" maw={640}>
        <Tabs.Tab value="address" leftSection={phone ? undefined : <IconAt size={16} />} {...tab}>
          Your address
        </Tabs.Tab>
        <Tabs.Tab value="wallet" leftSection={phone ? undefined : <IconWallet size={16} />} {...tab}>
          From your wallet
        </Tabs.Tab>
        <Tabs.Tab value="manual" leftSection={phone ? undefined : <IconQrcode size={16} />} {...tab}>
          Send manually
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
  return (
    <Stack gap="md" aria-label="Loading wallet" role="status">
      <Skeleton h={140} radius="lg" />
      <Skeleton h={120} radius="lg" />
    </Stack>
  );
}

/** The address (QR, copy) for the chosen network and the form to report the transfer's hash. */
function ManualDeposit({ userId }: { userId: number }) {
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
          { value: 'BEP20', label: 'EVM chains' },
          { value: 'TRC20', label: networkName('TRC20') },
        ]}
        fullWidth
        maw={520}
        aria-label="Network"
      />
      {currency === 'BEP20' && (
        <Select
          label="Chain you send on"
          description={
            chain === undefined || chain.verified
              ? 'The server checks the transfer on this chain.'
              : 'Our team checks transfers on this chain by hand.'
          }
          data={
            evmChains.length > 0
              ? evmChains.map((c) => ({
                  value: String(c.id),
                  label: c.enabled
                    ? networkName('BEP20', c.id)
                    : `${networkName('BEP20', c.id)} (switched off)`,
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
          title="Deposit details could not be loaded"
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
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={`${network} is switched off`}>
          Deposits on {network} are switched off for now. Choose another network.
        </Alert>
      ) : address === undefined ? (
        // Never a form or an address to send to when the platform has none on this network.
        <DepositsNotOpen network={network} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap="sm">
            <Title order={3} fz="lg">
              1. Send to this address
            </Title>
            <ReceivingAddress currency={currency} address={address} networkName={network} />
          </Stack>
          <Stack gap="sm">
            <Title order={3} fz="lg">
              2. Report your transfer
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
  return (
    <Card withBorder radius="lg" padding="md">
      <Title order={3} fz="md" mb="xs">
        What happens next
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>Your deposit shows in your deposit history straight away.</List.Item>
        <List.Item>
          A transfer to your own deposit address needs no report: it shows in your deposit history once the
          network has it, with its confirmations, and is credited to you once it has enough.
        </List.Item>
        <List.Item>
          On chains we read, the server checks the transfer itself and credits your Business Balance once it
          has enough confirmations. Otherwise our team checks it and approves it.
        </List.Item>
        <List.Item>
          If the check refuses a deposit, the reason is shown, and our team can still approve it by hand.
        </List.Item>
        <List.Item>You can cancel a pending deposit, except while the on-chain check is under way.</List.Item>
      </List>
      <Group mt="xs">
        <Text size="sm" c="dimmed">
          Questions?{' '}
          <Anchor component={Link} to="/user/query/create">
            Raise a query
          </Anchor>
          .
        </Text>
      </Group>
    </Card>
  );
}
