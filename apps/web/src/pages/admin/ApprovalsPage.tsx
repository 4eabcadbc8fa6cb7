import { AdminApprovals } from '../../modules/approvals/components/AdminApprovals';
import { useSession } from '../../modules/auth/hooks/useSession';
import { PageShell } from '../../ui/PageShell';
import { SectionCard } from '../../ui/SectionCard';

/** /admin/approvals: large payouts, debits, manual transactions and economic settings a second admin decides. */
export default function ApprovalsPage() {
  const session = useSession();
  return (
    <PageShell
      title="Approvals"
      description="Completing a large withdrawal, any debit, a large manual transaction or balance edit, and a change of an economic setting wait here until a second, different admin approves them."
    >
      <SectionCard title="Actions kept for a second admin">
        {session !== null && <AdminApprovals adminId={session.account.id} />}
      </SectionCard>
    </PageShell>
  );
}
