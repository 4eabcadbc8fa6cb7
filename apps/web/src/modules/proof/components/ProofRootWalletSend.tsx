import type { Hex } from 'viem';
import { useConnection, useSendTransaction } from 'wagmi';
import { useT } from '../../../i18n/i18n';
import { ConnectWalletPrompt } from '../../web3/components/ConnectWalletPrompt';
import { WalletSendBox } from '../../web3/components/WalletSendBox';
import { useSwitchThenSend } from '../../web3/hooks/useSwitchThenSend';
import { PROOF_NS } from '../i18n';

/**
 * Writes a proof's root on chain from the operator's connected wallet: one transaction to their own address,
 * no value, whose data is the root (switching the wallet to the chain first when needed).
 */
export default function ProofRootWalletSend({
  chainId,
  chainLabel,
  root,
  onSent,
}: {
  chainId: number;
  chainLabel: string;
  root: string;
  onSent: (hash: string) => void;
}) {
  const { t } = useT(PROOF_NS);
  const { status, address } = useConnection();
  const sendTransaction = useSendTransaction();
  const wallet = useSwitchThenSend();
  if (status !== 'connected' || address === undefined)
    return <ConnectWalletPrompt>{t('admin.onchain.connect')}</ConnectWalletPrompt>;
  const send = async () => {
    const hash = await wallet.run(chainId, () =>
      sendTransaction.mutateAsync({ to: address, data: `0x${root}` as Hex, chainId, account: address }),
    );
    if (hash !== null) onSent(hash);
  };
  return (
    <WalletSendBox
      address={address}
      chainId={chainId}
      chainLabel={chainLabel}
      wallet={wallet}
      sendText={t('admin.onchain.confirm')}
      buttonLabel={t('admin.onchain.send')}
      onSend={() => void send()}
    >
      {t('admin.onchain.what')}
    </WalletSendBox>
  );
}
