import { Alert, Button, Card, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import type { DepositAddress } from '../api/addressesApi';

export const networkNames: Record<'BEP20' | 'TRC20', string> = {
  BEP20: 'BNB Smart Chain (BEP20)',
  TRC20: 'Tron (TRC20)',
};

interface ReceivingAddressProps {
  currency: 'BEP20' | 'TRC20';
  address: DepositAddress | undefined;
}

/** The platform's receiving address of one chain: a QR code, the address in full and a Copy button. */
export function ReceivingAddress({ currency, address }: ReceivingAddressProps) {
  if (address === undefined) {
    return (
      <Alert
        color="orange"
        icon={<IconAlertTriangle size={18} />}
        title={`No ${currency} address yet`}
        role="alert"
      >
        No {currency} receiving address is set up yet, so a {currency} deposit cannot be made now. Please do
        not send funds on this network; check back later or contact support.
      </Alert>
    );
  }
  return (
    <Card withBorder radius="lg" padding="md" data-testid={`receiving-${currency}`}>
      <Stack align="center" gap="sm">
        <Text size="sm" fw={600}>
          Send USDT on {networkNames[currency]} only
        </Text>
        <div style={{ background: 'white', padding: 8, borderRadius: 8, lineHeight: 0 }}>
          <QRCodeSVG
            value={address.address}
            size={176}
            marginSize={0}
            title={`${currency} deposit address QR code`}
            role="img"
            aria-label={`${currency} deposit address QR code`}
          />
        </div>
        {address.label !== null && address.label !== '' && (
          <Text size="xs" c="dimmed">
            {address.label}
          </Text>
        )}
        <Text
          ff="monospace"
          size="sm"
          ta="center"
          style={{ wordBreak: 'break-all' }}
          data-testid="receiving-address"
        >
          {address.address}
        </Text>
        <CopyButton value={address.address}>
          {({ copied, copy }) => (
            <Button
              onClick={copy}
              variant={copied ? 'filled' : 'light'}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            >
              {copied ? 'Copied' : 'Copy address'}
            </Button>
          )}
        </CopyButton>
        <Group gap={4}>
          <Text size="xs" c="dimmed" ta="center">
            Sending another token or using another network loses the funds.
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
