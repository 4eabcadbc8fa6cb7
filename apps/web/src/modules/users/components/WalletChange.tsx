import { addAmounts } from '../../../ui/amounts';
import { walletLabel } from '../../transactions/components/explain';
import { useWallet } from '../../wallet/api/walletApi';
import { BalanceChangeSummary } from './BalanceChangeSummary';

type Wallet = 'deposit' | 'working' | 'non_working' | 'compound';

/** Before, after and difference of one member wallet for a signed amount ("-25.00000000" is a debit). */
export function WalletChange({ userId, wallet, amount }: { userId: number; wallet: Wallet; amount: string }) {
  const balances = useWallet(userId);
  const before = balances.data?.wallets[wallet];
  const after = before === undefined ? undefined : addAmounts(before, amount);
  return <BalanceChangeSummary label={walletLabel(wallet)} before={before} after={after} />;
}
