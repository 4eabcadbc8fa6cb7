import { PlannedPage } from '../../ui/PlannedPage';

export default function Web3Page() {
  return (
    <PlannedPage
      title="Web3 Deposits"
      summary="On-chain BEP20 deposits and their verification status will be listed here."
    />
  );
}
