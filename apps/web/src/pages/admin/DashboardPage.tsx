import { PlannedPage } from '../../ui/PlannedPage';

export default function DashboardPage() {
  return (
    <PlannedPage
      title="Admin Dashboard"
      summary="Platform totals (members, deposits, withdrawals, income paid and token activity) will appear here."
    />
  );
}
