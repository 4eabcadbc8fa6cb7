import { AdminDebitForm } from '../../modules/withdrawals/components/AdminDebitForm';
import { AdminWithdrawals } from '../../modules/withdrawals/components/AdminWithdrawals';
import { PageShell } from '../../ui/PageShell';
import { SectionCard } from '../../ui/SectionCard';

/** /admin/withdrawals: working, compound and principal withdrawals to complete or decline; admin debits. */
export default function WithdrawalsPage() {
  return (
    <PageShell
      title="Withdrawals"
      description="Pay out pending requests and mark them complete, or decline them to return the amount. ROI withdrawals have their own page."
    >
      <SectionCard title="Requests">
        <AdminWithdrawals kinds={['working', 'compound', 'principal']} />
      </SectionCard>
      <SectionCard
        title="Debit a member wallet"
        description="An adjustment taken from a member's wallet, with a reason. Posted through the ledger and audited."
      >
        <AdminDebitForm />
      </SectionCard>
    </PageShell>
  );
}
