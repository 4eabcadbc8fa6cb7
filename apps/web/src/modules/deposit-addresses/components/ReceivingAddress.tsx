import { Alert, Card, Group, Stack, Text } from '@mantine/core';
import { networkName as networkNameOf } from '@sgx/chain/names';
import { IconClockHour4 } from '@tabler/icons-react';
import type { DepositAddress } from '../api/addressesApi';
import { AddressCode } from './AddressCode';

interface ReceivingAddressProps {
  currency: 'BEP20' | 'TRC20';
  address: DepositAddress | undefined;
  /** The network named to the member (e.g. the EVM chain chosen); defaults to the currency's (networkName). */
  networkName?: string | undefined;
}

/** The platform's receiving address of one chain: a QR code, the address in full and a Copy button. */
export function ReceivingAddress({ currency, address, networkName }: ReceivingAddressProps) {
  const network = networkName ?? networkNameOf(currency);
  if (address === undefined) return <DepositsNotOpen network={network} />;
  return (
    <Card withBorder radius="lg" padding="md" data-testid={`receiving-${currency}`}>
      <Stack align="center" gap="sm">
        <Text size="sm" fw={600}>
          Send USDT on {network} only
        </Text>
        <AddressCode
          address={address.address}
          qrLabel={`${network} deposit address QR code`}
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
            Sending another token or using another network loses the funds.
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
  return (
    <Alert
      color="indigo"
      variant="light"
      icon={<IconClockHour4 size={18} />}
      title={network === undefined ? 'Deposits are not open yet' : `Deposits on ${network} are not open yet`}
      data-testid="deposits-not-open"
    >
      {network === undefined
        ? 'Deposits open once the platform has set its receiving address. There is no address to send to yet: please check back later.'
        : `Deposits on ${network} open once the platform has set its receiving address there. Choose another network, or check back later.`}
    </Alert>
  );
}
