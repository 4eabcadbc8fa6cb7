import { Alert } from '@mantine/core';
import type { PayoutBatchRecord } from '@sgx/contracts';
import { useState } from 'react';
import { type Address, encodeFunctionData, erc20Abi, type Hex } from 'viem';
import { useConnection, usePublicClient, useSendTransaction } from 'wagmi';
import { tr, useT } from '../../../i18n/i18n';
import { formatMoney } from '../../../ui/Money';
import { ConnectWalletPrompt } from '../../web3/components/ConnectWalletPrompt';
import { WalletSendBox } from '../../web3/components/WalletSendBox';
import { useSwitchThenSend } from '../../web3/hooks/useSwitchThenSend';
import { CHAIN_PAYOUTS_NS } from '../i18n';
import { needsAllowance } from '../payoutPlan';

interface PayoutWalletSendProps {
  batch: PayoutBatchRecord;
  /** The batch transaction's hash the wallet handed back: it is on its way. */
  onSent: (hash: string) => void;
}

/** Where the wallet's requests stand beyond the network switch. */
type Phase = 'allowance' | 'approve' | 'approving' | 'pay';

/**
 * Pays a prepared batch from the admin's connected wallet: connect when needed, switch to the batch's chain, read
 * the token allowance the wallet gave the payout contract, approve the batch's total first when it is less (and
 * wait for that approval on chain), then one transaction to the contract with the batch's calldata.
 */
export default function PayoutWalletSend({ batch, onSent }: PayoutWalletSendProps) {
  const { t } = useT(CHAIN_PAYOUTS_NS);
  const { status, address } = useConnection();
  const client = usePublicClient({ chainId: batch.chain_id });
  const sendTransaction = useSendTransaction();
  const wallet = useSwitchThenSend();
  const [phase, setPhase] = useState<Phase>('allowance');

  if (status !== 'connected' || address === undefined) {
    return <ConnectWalletPrompt>{t('wallet.connect', { symbol: batch.token.symbol })}</ConnectWalletPrompt>;
  }
  // A version-2 contract lets only the batch's payer send it (decision 0053): another wallet's transaction reverts.
  if (batch.payer !== null && batch.payer.toLowerCase() !== address.toLowerCase()) {
    return (
      <Alert color="yellow" variant="light" data-testid="payout-wrong-payer">
        {t('wallet.wrongPayer', { payer: batch.payer })}
      </Alert>
    );
  }

  const pay = async () => {
    const hash = await wallet.run(batch.chain_id, async () => {
      if (client === undefined)
        throw new Error(tr('chainPayouts:wallet.notSetUp', { chain: batch.chain_name }));
      const token = batch.token.address as Address;
      const contract = batch.to as Address;
      setPhase('allowance');
      const allowance = await client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [address, contract],
      });
      if (needsAllowance(allowance, batch.raw_total)) {
        setPhase('approve');
        const approval = await sendTransaction.mutateAsync({
          to: token,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'approve',
            args: [contract, BigInt(batch.raw_total)],
          }),
          chainId: batch.chain_id,
          account: address,
        });
        setPhase('approving');
        const receipt = await client.waitForTransactionReceipt({ hash: approval, pollingInterval: 1_000 });
        if (receipt.status !== 'success')
          throw new Error(tr('chainPayouts:wallet.reverted', { hash: approval }));
      }
      setPhase('pay');
      return sendTransaction.mutateAsync({
        to: contract,
        data: batch.data as Hex,
        chainId: batch.chain_id,
        account: address,
      });
    });
    if (hash !== null) onSent(hash);
  };

  return (
    <WalletSendBox
      address={address}
      chainId={batch.chain_id}
      chainLabel={batch.chain_name}
      wallet={wallet}
      sendText={t(`wallet.${phase}`)}
      buttonLabel={t('wallet.button')}
      onSend={() => void pay()}
    >
      {t('wallet.needs', { total: formatMoney(batch.total), symbol: batch.token.symbol })}
    </WalletSendBox>
  );
}
