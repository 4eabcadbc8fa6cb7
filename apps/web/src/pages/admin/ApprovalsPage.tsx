import { useT } from '../../i18n/i18n';
import { AdminApprovals } from '../../modules/approvals/components/AdminApprovals';
import { APPROVALS_NS } from '../../modules/approvals/i18n';
import { useSession } from '../../modules/auth/hooks/useSession';
import { PageShell } from '../../ui/PageShell';
import { SectionCard } from '../../ui/SectionCard';

/** /admin/approvals: large payouts, debits, manual transactions and economic settings a second admin decides. */
export default function ApprovalsPage() {
  const { t } = useT(APPROVALS_NS);
  const session = useSession();
  return (
    <PageShell title={t('page.title')} description={t('page.description')}>
      <SectionCard title={t('page.section')}>
        {session !== null && <AdminApprovals adminId={session.account.id} />}
      </SectionCard>
    </PageShell>
  );
}
