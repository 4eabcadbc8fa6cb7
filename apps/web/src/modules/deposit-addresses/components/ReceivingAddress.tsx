import { Alert, Card, Group, Stack, Text } from '@mantine/core';
import { networkName as networkNameOf } from '@sgx/chain/names';
import { IconClockHour4 } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import type { DepositAddress } from '../api/addressesApi';
import { DEPOSIT_ADDRESSES_NS } from '../i18n';
import { AddressCode } from './AddressCode';

interface ReceivingAddressProps {
  currency: 'BEP20' | 'TRC20';
  address: DepositAddress | undefined;
  /** The network named to the member (e.g. the EVM chain chosen); defaults to the currency's (networkName). */
  networkName?: string | undefined;
}

/** The platform's receiving address of one chain: a QR code, the address in full and a Copy button. */
export function ReceivingAddress({ currency, address, networkName }: ReceivingAddressProps) {
  const { t } = useT(DEPOSIT_ADDRESSES_NS);
  const network = networkName ?? networkNameOf(currency);
  if (address === undefined) return <DepositsNotOpen network={network} />;
  return (
    <Card withBorder radius="lg" padding="md" data-testid={`receiving-${currency}`}>
      <Stack align="center" gap="sm">
        <Text size="sm" fw={600}>
          {t('receiving.sendOnly', { network })}
        </Text>
        <AddressCode
          address={address.address}
          qrLabel={t('receiving.qr', { network })}
          testId="receiving-address"
          caption={
            address.label !== null &&
            address.label !== '' && (
              <Text size="xs" c="dimmed">
                {address.label}
              </Text>
            )
          }
        />
        <Group gap={4}>
          <Text size="xs" c="dimmed" ta="center">
            {t('receiving.warning')}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * In place of an address that does not exist: deposits open once the platform has set its receiving
 * address. No address, no form, nothing to send to. Without `network`, it speaks of every network.
 */
export function DepositsNotOpen({ network }: { network?: string | undefined }) {
  const { t } = useT(DEPOSIT_ADDRESSES_NS);
  return (
    <Alert
      color="indigo"
      variant="light"
      icon={<IconClockHour4 size={18} />}
      title={network === undefined ? t('notOpen.title') : t('notOpen.titleOn', { network })}
      data-testid="deposits-not-open"
    >
      {network === undefined ? t('notOpen.body') : t('notOpen.bodyOn', { network })}
    </Alert>
  );
}
