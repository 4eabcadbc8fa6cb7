import type { PayoutBatchRecord } from '@sgx/contracts';
import { useState } from 'react';
import { type Address, encodeFunctionData, erc20Abi, type Hex } from 'viem';
import { useConnection, usePublicClient, useSendTransaction } from 'wagmi';
import { formatMoney } from '../../../ui/Money';
import { ConnectWalletPrompt } from '../../web3/components/ConnectWalletPrompt';
import { WalletSendBox } from '../../web3/components/WalletSendBox';
import { useSwitchThenSend } from '../../web3/hooks/useSwitchThenSend';
import { needsAllowance } from '../payoutPlan';

interface PayoutWalletSendProps {
  batch: PayoutBatchRecord;
  /** The batch transaction's hash the wallet handed back: it is on its way. */
  onSent: (hash: string) => void;
}

/** Where the wallet's requests stand beyond the network switch. */
type Phase = 'allowance' | 'approve' | 'approving' | 'pay';

const phaseText: Record<Phase, string> = {
  allowance: 'Reading what your wallet allows the payout contract…',
  approve: 'Allow the payout contract to move the total: confirm the approval in your wallet…',
  approving: 'Waiting for the approval to be mined…',
  pay: 'Confirm the payout transaction in your wallet…',
};

/**
 * Pays a prepared batch from the admin's connected wallet: connect when needed, switch to the batch's chain, read
 * the token allowance the wallet gave the payout contract, approve the batch's total first when it is less (and
 * wait for that approval on chain), then one transaction to the contract with the batch's calldata.
 */
export default function PayoutWalletSend({ batch, onSent }: PayoutWalletSendProps) {
  const { status, address } = useConnection();
  const client = usePublicClient({ chainId: batch.chain_id });
  const sendTransaction = useSendTransaction();
  const wallet = useSwitchThenSend();
  const [phase, setPhase] = useState<Phase>('allowance');

  if (status !== 'connected' || address === undefined) {
    return (
      <ConnectWalletPrompt>
        Connect the operator's wallet that holds the {batch.token.symbol} to pay the batch from this browser.
      </ConnectWalletPrompt>
    );
  }

  const pay = async () => {
    const hash = await wallet.run(batch.chain_id, async () => {
      if (client === undefined)
        throw new Error(`${batch.chain_name} is not set up in the wallet connection.`);
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
        if (receipt.status !== 'success') throw new Error(`The approval ${approval} was reverted.`);
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
      sendText={phaseText[phase]}
      buttonLabel="Pay from wallet"
      onSend={() => void pay()}
    >
      it must hold {formatMoney(batch.total)} of {batch.token.symbol}. When it has not allowed the payout
      contract that much yet, it is asked to approve first, then to send the batch. Your wallet pays the
      network fee.
    </WalletSendBox>
  );
}
