import { Alert, Button, Image, Modal, Stack, Text } from '@mantine/core';
import { walletErrorMessage } from '@sgx/chain';
import { IconAlertCircle, IconQrcode, IconWallet } from '@tabler/icons-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { type Connector, useConnect, useConnectors } from 'wagmi';
import { useT } from '../../../i18n/i18n';
import { WEB3_NS } from '../i18n';

interface ConnectWalletDialogProps {
  opened: boolean;
  onClose: () => void;
}

function hasBrowserWallet(): boolean {
  return typeof window !== 'undefined' && (window as { ethereum?: unknown }).ethereum !== undefined;
}

/** Choose how to connect: a wallet in this browser (each announced one by name) or WalletConnect (QR). */
export function ConnectWalletDialog({ opened, onClose }: ConnectWalletDialogProps) {
  const { t } = useT(WEB3_NS);
  const connectors = useConnectors();
  const connect = useConnect();
  const [error, setError] = useState<string | null>(null);

  const injected = connectors.filter((c) => c.type === 'injected');
  // Wallets that announce themselves (EIP-6963) are listed by name; the generic entry only without them.
  const announced = injected.filter((c) => c.id !== 'injected');
  const generic = injected.find((c) => c.id === 'injected');
  const browserWallets =
    announced.length > 0 ? announced : generic !== undefined && hasBrowserWallet() ? [generic] : [];
  const walletConnect = connectors.find((c) => c.type === 'walletConnect');
  const pendingId = connect.isPending ? connect.variables?.connector : undefined;
  const pendingUid = pendingId !== undefined && 'uid' in pendingId ? pendingId.uid : null;

  const close = () => {
    setError(null);
    onClose();
  };

  const choose = (connector: Connector) => {
    setError(null);
    const viaQr = connector.type === 'walletConnect';
    // WalletConnect shows its own QR window: ours steps aside.
    if (viaQr) onClose();
    connect.mutate(
      { connector },
      {
        onSuccess: () => close(),
        onError: (err) => {
          const message = walletErrorMessage(err);
          if (viaQr) toast.error(message);
          else setError(message);
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('connect.title')}
      centered
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('connect.intro')}
        </Text>
        {browserWallets.length > 0 ? (
          browserWallets.map((c) => (
            <WalletOption
              key={c.uid}
              label={c.id === 'injected' ? t('connect.browserWallet') : c.name}
              description={c.id === 'injected' ? t('connect.injectedHint') : t('connect.inBrowser')}
              icon={c.icon}
              loading={pendingUid === c.uid}
              disabled={connect.isPending && pendingUid !== c.uid}
              onClick={() => choose(c)}
            />
          ))
        ) : (
          <WalletOption
            label={t('connect.browserWallet')}
            description={t('connect.noneFound')}
            disabled
            onClick={() => undefined}
          />
        )}
        {walletConnect !== undefined ? (
          <WalletOption
            label="WalletConnect"
            description={t('connect.walletConnectHint')}
            qr
            loading={pendingUid === walletConnect.uid}
            disabled={connect.isPending && pendingUid !== walletConnect.uid}
            onClick={() => choose(walletConnect)}
          />
        ) : (
          <WalletOption
            label="WalletConnect"
            description={t('connect.walletConnectOff')}
            qr
            disabled
            onClick={() => undefined}
          />
        )}
        {error !== null && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            title={t('connect.notConnected')}
          >
            {error}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}

interface WalletOptionProps {
  label: string;
  description: string;
  icon?: string | undefined;
  qr?: boolean;
  loading?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

function WalletOption({
  label,
  description,
  icon,
  qr = false,
  loading,
  disabled,
  onClick,
}: WalletOptionProps) {
  return (
    <Button
      variant="default"
      size="lg"
      h="auto"
      py="sm"
      fullWidth
      justify="flex-start"
      onClick={onClick}
      loading={loading}
      disabled={disabled}
      aria-label={label}
      leftSection={
        icon !== undefined ? (
          <Image src={icon} alt="" w={28} h={28} />
        ) : qr ? (
          <IconQrcode size={28} stroke={1.5} />
        ) : (
          <IconWallet size={28} stroke={1.5} />
        )
      }
      styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
    >
      <Stack gap={0}>
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Text size="xs" c="dimmed" fw={400}>
          {description}
        </Text>
      </Stack>
    </Button>
  );
}
