import { Button, Group, Stack, Text } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useConnection } from 'wagmi';
import { useT } from '../../../i18n/i18n';
import { WEB3_NS } from '../i18n';
import { ConnectWalletDialog } from './ConnectWalletDialog';

/**
 * What a wallet-sending step shows while no wallet is connected: why one is needed, and "Connect wallet" with the
 * connect dialog. Inside WalletGate only.
 */
export function ConnectWalletPrompt({ children }: { children: ReactNode }) {
  const { t } = useT(WEB3_NS);
  const { status } = useConnection();
  const [connecting, setConnecting] = useState(false);
  return (
    <Stack gap="xs">
      <Text size="sm">{children}</Text>
      <Group>
        <Button
          variant="light"
          leftSection={<IconWallet size={16} />}
          onClick={() => setConnecting(true)}
          loading={status === 'connecting' || status === 'reconnecting'}
        >
          {t('header.connectWallet')}
        </Button>
      </Group>
      <ConnectWalletDialog opened={connecting} onClose={() => setConnecting(false)} />
    </Stack>
  );
}
