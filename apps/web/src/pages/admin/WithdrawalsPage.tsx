import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { AdminChainPayoutsPanel } from '../../modules/chain-payouts/components/AdminChainPayoutsPanel';
import { AdminDebitForm } from '../../modules/withdrawals/components/AdminDebitForm';
import { AdminWithdrawals } from '../../modules/withdrawals/components/AdminWithdrawals';
import { PageShell } from '../../ui/PageShell';
import { SectionCard } from '../../ui/SectionCard';

/**
 * /admin/withdrawals: working, compound and principal withdrawals to approve or decline, admin debits; and
 * "Pay on chain" (?tab=payouts, issue 21): approved withdrawals paid in batches from the operator's wallet.
 */
export default function WithdrawalsPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'payouts' ? 'payouts' : 'requests';
  return (
    <PageShell
      title="Withdrawals"
      description="Approve pending requests or decline them to return the amount, and pay approved ones on chain. ROI withdrawals have their own page."
    >
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === 'payouts' ? { tab: v } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="requests">Requests</Tabs.Tab>
          <Tabs.Tab value="payouts">Pay on chain</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="requests">
          <SectionCard title="Requests">
            <AdminWithdrawals kinds={['working', 'compound', 'principal']} />
          </SectionCard>
          <SectionCard
            title="Debit a member wallet"
            description="An adjustment taken from a member's wallet, with a reason. Posted through the ledger and audited."
          >
            <AdminDebitForm />
          </SectionCard>
        </Tabs.Panel>
        <Tabs.Panel value="payouts">
          <AdminChainPayoutsPanel />
        </Tabs.Panel>
      </Tabs>
    </PageShell>
  );
}
