import { Button, Group, Stack, Text } from '@mantine/core';
import { chainName } from '@sgx/chain';
import { IconWallet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { shortText } from '../../../ui/CopyText';
import type { useSwitchThenSend } from '../hooks/useSwitchThenSend';
import { WEB3_NS } from '../i18n';
import { MissingChainDialog } from './AddChainDialog';
import { WalletStageNotice } from './WalletStageNotice';

interface WalletSendBoxProps {
  /** The connected account. */
  address: string;
  /** The chain the transaction goes on, and its name. */
  chainId: number;
  chainLabel: string;
  /** useSwitchThenSend's state, which `onSend` runs through. */
  wallet: ReturnType<typeof useSwitchThenSend>;
  /** What the wallet is asked to confirm now (the second stage's text). */
  sendText: string;
  buttonLabel: string;
  onSend: () => void;
  /** What the transaction does, after "From your wallet 0x…: ". */
  children: ReactNode;
}

/**
 * A prepared transaction sent from the connected wallet (sweeps, payout batches): whose wallet and on which
 * network (the switch it will ask for), what is asked now or why nothing was sent, and the send button.
 */
export function WalletSendBox({
  address,
  chainId,
  chainLabel,
  wallet,
  sendText,
  buttonLabel,
  onSend,
  children,
}: WalletSendBoxProps) {
  const { t } = useT(WEB3_NS);
  const { walletChainId, stage, busy, error, chainSwitch } = wallet;
  return (
    <Stack gap="xs">
      <Text size="sm">
        <RichText
          text={
            walletChainId === chainId
              ? t('sendBox.from')
              : t('sendBox.fromSwitch', {
                  network: walletChainId === undefined ? t('send.anotherNetwork') : chainName(walletChainId),
                  chain: chainLabel,
                })
          }
          components={{ address: <b title={address}>{shortText(address)}</b>, what: <>{children}</> }}
        />
      </Text>
      <WalletStageNotice stage={stage} error={error} sendText={sendText} />
      <Group>
        <Button onClick={onSend} loading={busy} leftSection={<IconWallet size={16} />}>
          {error !== null ? t('dialog.tryAgain') : buttonLabel}
        </Button>
      </Group>
      <MissingChainDialog chainSwitch={chainSwitch} />
    </Stack>
  );
}
