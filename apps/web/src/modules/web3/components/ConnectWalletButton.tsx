import { Button, Text } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import { WEB3_HEADER_NS } from '../headerI18n';

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
  const { t } = useT(WEB3_HEADER_NS);
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconWallet size={16} />}
      onClick={onClick}
      loading={loading}
      loaderProps={{ type: 'dots' }}
      aria-label={t('header.connectWallet')}
    >
      <Text span inherit visibleFrom="sm">
        {t('header.connectWallet')}
      </Text>
      <Text span inherit hiddenFrom="sm">
        {t('header.connect')}
      </Text>
    </Button>
  );
}
