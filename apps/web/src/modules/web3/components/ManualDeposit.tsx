import { Alert, Card, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { networkName } from '@sgx/chain/names';
import { DEFAULT_EVM_CHAIN_ID } from '@sgx/contracts/deposit-basics';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { LoadError } from '../../../ui/LoadError';
import { useDepositAddresses } from '../../deposit-addresses/api/addressesApi';
import { DepositsNotOpen, ReceivingAddress } from '../../deposit-addresses/components/ReceivingAddress';
import { DepositForm } from '../../deposits/components/DepositForm';
import { useChains } from '../api/chainsApi';
import { receivingAddressFor } from '../chainOptions';
import { WEB3_NS } from '../i18n';

type Currency = 'BEP20' | 'TRC20';

/** The address (QR, copy) for the chosen network and the form to report the transfer's hash. */
export default function ManualDeposit({ userId }: { userId: number }) {
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
