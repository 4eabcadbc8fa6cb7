import { PlannedPage } from '../../ui/PlannedPage';

export default function Web3DepositPage() {
  return (
    <PlannedPage
      title="Web3 Deposit"
      summary="Deposit USDT (BEP20) from a connected wallet and follow its on-chain confirmation here."
    />
  );
}
