import { useT } from '../../i18n/i18n';
import { ADMIN_DASHBOARD_NS } from '../../modules/admin-dashboard/i18n';
import { AdminWithdrawals } from '../../modules/withdrawals/components/AdminWithdrawals';
import { PageShell } from '../../ui/PageShell';
import { SectionCard } from '../../ui/SectionCard';

/** /admin/roi-request: ROI withdrawals (from the non-working wallet) to complete or decline. */
export default function RoiRequestPage() {
  const { t } = useT(ADMIN_DASHBOARD_NS);
  return (
    <PageShell title={t('pages.roiTitle')} description={t('pages.roiDescription')}>
      <SectionCard title={t('pages.roiSection')}>
        <AdminWithdrawals kinds={['roi']} />
      </SectionCard>
    </PageShell>
  );
}
