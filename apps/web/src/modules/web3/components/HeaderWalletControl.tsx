import { Badge, Button, Menu, Text } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import {
  addressExplorerUrl,
  chainName,
  needsAddChain,
  SUPPORTED_CHAINS,
  walletErrorMessage,
} from '@sgx/chain';
import {
  IconAlertTriangle,
  IconCheck,
  IconChevronDown,
  IconCopy,
  IconExternalLink,
  IconLogout,
  IconWallet,
} from '@tabler/icons-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useConnection, useDisconnect } from 'wagmi';
import { useT } from '../../../i18n/i18n';
import { shortText } from '../../../ui/CopyText';
import { useChainSwitch } from '../hooks/useChainSwitch';
import { WEB3_NS } from '../i18n';
import { AddChainDialog } from './AddChainDialog';
import { ConnectWalletButton } from './ConnectWalletButton';
import { ConnectWalletDialog } from './ConnectWalletDialog';

/**
 * The wallet control in the member header: Connect wallet; Connecting / Reconnecting while that runs; then
 * the short address and chain, with a menu to switch chain (adding it to the wallet when it lacks it),
 * copy the address, open it in the explorer, or disconnect. Loaded with the wallet stack, only once the member
 * asks for it (WalletHeaderSlot).
 */
export default function HeaderWalletControl({ openDialog = false }: { openDialog?: boolean }) {
  const { t } = useT(WEB3_NS);
  const { status, address, chainId, chain, connector } = useConnection();
  // Opened at once when the member clicked the light header button that loaded this control.
  const [dialogOpen, setDialogOpen] = useState(() => openDialog && status === 'disconnected');
  const disconnect = useDisconnect();
  const chains = useChainSwitch();
  const clipboard = useClipboard({ timeout: 1500 });

  if (status === 'connecting' || status === 'reconnecting') {
    return (
      <Button
        size="xs"
        variant="light"
        loading
        loaderProps={{ type: 'dots' }}
        aria-label={t('control.wallet')}
      >
        {status === 'connecting' ? t('control.connecting') : t('control.reconnecting')}
      </Button>
    );
  }

  if (status !== 'connected' || address === undefined) {
    return (
      <>
        <ConnectWalletButton onClick={() => setDialogOpen(true)} />
        <ConnectWalletDialog opened={dialogOpen} onClose={() => setDialogOpen(false)} />
      </>
    );
  }

  const supported = chain !== undefined;
  const onSwitch = (id: number) => {
    chains.switchTo(id).then(
      () => toast.success(t('control.switchedTo', { chain: chainName(id) })),
      (error: unknown) => {
        if (!needsAddChain(error)) toast.error(walletErrorMessage(error));
      },
    );
  };
  const explorer = chainId !== undefined && supported ? addressExplorerUrl(chainId, address) : undefined;

  return (
    <>
      <Menu position="bottom-end" width={260} withinPortal shadow="md">
        <Menu.Target>
          <Button
            size="xs"
            variant="light"
            color={supported ? undefined : 'orange'}
            leftSection={supported ? <IconWallet size={16} /> : <IconAlertTriangle size={16} />}
            rightSection={<IconChevronDown size={14} />}
            loading={chains.switching}
            aria-label={t('control.walletAddress', { address })}
            data-testid="wallet-button"
          >
            <Text span inherit ff="monospace">
              {shortText(address, 6, 4)}
            </Text>
            <Text span inherit visibleFrom="sm" ml={6} c="dimmed">
              {supported && chainId !== undefined ? chainName(chainId) : t('control.unsupported')}
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            {connector?.name ?? t('control.wallet')} ·{' '}
            {supported && chainId !== undefined ? chainName(chainId) : t('control.unsupportedLower')}
          </Menu.Label>
          <Menu.Item
            leftSection={clipboard.copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            closeMenuOnClick={false}
            onClick={() => clipboard.copy(address)}
          >
            {clipboard.copied ? t('control.copied') : t('control.copy')}
          </Menu.Item>
          {explorer !== undefined && (
            <Menu.Item
              component="a"
              href={explorer}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconExternalLink size={16} />}
            >
              {t('control.explorer')}
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Label>{t('control.switchNetwork')}</Menu.Label>
          {SUPPORTED_CHAINS.map((c) => (
            <Menu.Item
              key={c.id}
              onClick={() => onSwitch(c.id)}
              disabled={c.id === chainId}
              rightSection={
                c.id === chainId ? (
                  <Badge size="xs" variant="light" color="teal">
                    {t('control.current')}
                  </Badge>
                ) : null
              }
            >
              {c.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={16} />}
            onClick={() =>
              disconnect.mutate({}, { onError: (error) => toast.error(walletErrorMessage(error)) })
            }
          >
            {t('control.disconnect')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <AddChainDialog
        missing={chains.missing}
        adding={chains.adding}
        error={chains.addError}
        onAdd={() => {
          void chains.addMissing().then((ok) => {
            if (ok) toast.success(t('control.networkAdded'));
          });
        }}
        onClose={chains.dismissMissing}
      />
    </>
  );
}
