import { PlannedPage } from '../../ui/PlannedPage';

export default function DashboardPage() {
  return (
    <PlannedPage
      title="Dashboard"
      summary="Your balances, income by type and how much of your 3x earning cap you have used will appear here."
    />
  );
}
