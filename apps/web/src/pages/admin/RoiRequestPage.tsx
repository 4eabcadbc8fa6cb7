import { AdminWithdrawals } from '../../modules/withdrawals/components/AdminWithdrawals';
import { PageShell } from '../../ui/PageShell';
import { SectionCard } from '../../ui/SectionCard';

/** /admin/roi-request: ROI withdrawals (from the non-working wallet) to complete or decline. */
export default function RoiRequestPage() {
  return (
    <PageShell
      title="ROI Requests"
      description="Withdrawals of ROI income from members' non-working wallets."
    >
      <SectionCard title="ROI withdrawals">
        <AdminWithdrawals kinds={['roi']} />
      </SectionCard>
    </PageShell>
  );
}
