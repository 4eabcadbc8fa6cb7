import type { ChainConfig, SweepRecord } from '@sgx/contracts';
import type { Address, Hex } from 'viem';
import { useConnection, useSendTransaction } from 'wagmi';
import { ConnectWalletPrompt } from '../../web3/components/ConnectWalletPrompt';
import { WalletSendBox } from '../../web3/components/WalletSendBox';
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
  const wallet = useSwitchThenSend();

  if (status !== 'connected' || address === undefined) {
    return (
      <ConnectWalletPrompt>
        Connect the wallet that pays the network fee to send the sweep from this browser.
      </ConnectWalletPrompt>
    );
  }

  const send = async () => {
    const hash = await wallet.run(chain.id, () =>
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
    <WalletSendBox
      address={address}
      chainId={chain.id}
      chainLabel={chain.name}
      wallet={wallet}
      sendText="Confirm the transaction in your wallet…"
      buttonLabel="Send from wallet"
      onSend={() => void send()}
    >
      one transaction to the deposit factory, which moves the tokens to the treasury only. Your wallet pays
      the network fee.
    </WalletSendBox>
  );
}
