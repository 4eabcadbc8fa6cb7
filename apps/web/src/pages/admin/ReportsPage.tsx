import { PlannedPage } from '../../ui/PlannedPage';

export default function ReportsPage() {
  return (
    <PlannedPage
      title="Reports"
      summary="Reports, including the ledger reconciliation check, will appear here."
    />
  );
}
