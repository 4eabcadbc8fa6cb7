import { Button, Group, Stack, Text } from '@mantine/core';
import { chainName } from '@sgx/chain';
import type { ChainConfig, SweepRecord } from '@sgx/contracts';
import { IconWallet } from '@tabler/icons-react';
import { useState } from 'react';
import type { Address, Hex } from 'viem';
import { useConnection, useSendTransaction } from 'wagmi';
import { shortText } from '../../../ui/CopyText';
import { MissingChainDialog } from '../../web3/components/AddChainDialog';
import { ConnectWalletDialog } from '../../web3/components/ConnectWalletDialog';
import { WalletStageNotice } from '../../web3/components/WalletStageNotice';
import { useSwitchThenSend } from '../../web3/hooks/useSwitchThenSend';

interface SweepWalletSendProps {
  chain: ChainConfig;
  sweep: SweepRecord;
  /** The hash the wallet handed back: the transaction is on its way. */
  onSent: (hash: string) => void;
}

/**
 * Sends a prepared sweep from the admin's connected wallet: connect when needed, switch to the sweep's chain
 * (adding it to the wallet when it lacks it), then one transaction to the factory with the sweep's calldata.
 */
export default function SweepWalletSend({ chain, sweep, onSent }: SweepWalletSendProps) {
  const { status, address } = useConnection();
  const sendTransaction = useSendTransaction();
  const { walletChainId, stage, busy, error, run, chainSwitch } = useSwitchThenSend();
  const [connecting, setConnecting] = useState(false);

  if (status !== 'connected' || address === undefined) {
    return (
      <Stack gap="xs">
        <Text size="sm">
          Connect the wallet that pays the network fee to send the sweep from this browser.
        </Text>
        <Group>
          <Button
            variant="light"
            leftSection={<IconWallet size={16} />}
            onClick={() => setConnecting(true)}
            loading={status === 'connecting' || status === 'reconnecting'}
          >
            Connect wallet
          </Button>
        </Group>
        <ConnectWalletDialog opened={connecting} onClose={() => setConnecting(false)} />
      </Stack>
    );
  }

  const send = async () => {
    const hash = await run(chain.id, () =>
      sendTransaction.mutateAsync({
        to: sweep.to as Address,
        data: sweep.data as Hex,
        chainId: chain.id,
        account: address,
      }),
    );
    if (hash !== null) onSent(hash);
  };

  return (
    <Stack gap="xs">
      <Text size="sm">
        From your wallet <b title={address}>{shortText(address)}</b>
        {walletChainId !== chain.id &&
          ` (now on ${walletChainId === undefined ? 'another network' : chainName(walletChainId)}: it is asked to switch to ${chain.name} first)`}
        : one transaction to the deposit factory, which moves the tokens to the treasury only. Your wallet
        pays the network fee.
      </Text>
      <WalletStageNotice stage={stage} error={error} sendText="Confirm the transaction in your wallet…" />
      <Group>
        <Button onClick={() => void send()} loading={busy} leftSection={<IconWallet size={16} />}>
          {error !== null ? 'Try again' : 'Send from wallet'}
        </Button>
      </Group>
      <MissingChainDialog chainSwitch={chainSwitch} />
    </Stack>
  );
}
