import { Button, Text } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';

interface ConnectWalletButtonProps {
  onClick: () => void;
  /** While the wallet code loads after a click. */
  loading?: boolean;
}

/**
 * The header's "Connect wallet" button. It needs no wallet code, so the member header shows it before the
 * wallet stack (wagmi, viem) is loaded: a click loads it (see WalletHeaderSlot), then HeaderWalletControl.
 */
export function ConnectWalletButton({ onClick, loading = false }: ConnectWalletButtonProps) {
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconWallet size={16} />}
      onClick={onClick}
      loading={loading}
      loaderProps={{ type: 'dots' }}
      aria-label="Connect wallet"
    >
      <Text span inherit visibleFrom="sm">
        Connect wallet
      </Text>
      <Text span inherit hiddenFrom="sm">
        Connect
      </Text>
    </Button>
  );
}
