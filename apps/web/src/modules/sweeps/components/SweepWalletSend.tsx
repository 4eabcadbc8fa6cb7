import type { ChainConfig, SweepRecord } from '@sgx/contracts';
import type { Address, Hex } from 'viem';
import { useConnection, useSendTransaction } from 'wagmi';
import { useT } from '../../../i18n/i18n';
import { ConnectWalletPrompt } from '../../web3/components/ConnectWalletPrompt';
import { WalletSendBox } from '../../web3/components/WalletSendBox';
import { useSwitchThenSend } from '../../web3/hooks/useSwitchThenSend';
import { SWEEPS_NS } from '../i18n';

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
  const { t } = useT(SWEEPS_NS);
  const { status, address } = useConnection();
  const sendTransaction = useSendTransaction();
  const wallet = useSwitchThenSend();

  if (status !== 'connected' || address === undefined) {
    return <ConnectWalletPrompt>{t('wallet.connect')}</ConnectWalletPrompt>;
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
      sendText={t('wallet.confirm')}
      buttonLabel={t('wallet.button')}
      onSend={() => void send()}
    >
      {t('wallet.what')}
    </WalletSendBox>
  );
}
