import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { AdminAddresses } from '../../modules/deposit-addresses/components/AdminAddresses';
import { AdminSweepsPanel } from '../../modules/sweeps/components/AdminSweepsPanel';
import { AdminTransactions } from '../../modules/transactions/components/AdminTransactions';
import { ManualTransactionForm } from '../../modules/transactions/components/ManualTransactionForm';
import { ReconciliationCard } from '../../modules/transactions/components/ReconciliationCard';
import { AdminChainsPanel } from '../../modules/web3/components/AdminChainsPanel';
import { PageShell } from '../../ui/PageShell';
import { SectionCard } from '../../ui/SectionCard';

const tabs = ['addresses', 'chains', 'sweeps', 'manual', 'transactions'] as const;

/**
 * /admin/web3: deposit addresses, the chains (stablecoin, confirmations, switch, deposit factory), what sits at
 * members' own addresses and its sweeps to the treasury, ledger reconciliation, manual transactions and every
 * transaction.
 */
export default function Web3Page() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = tabs.find((t) => t === raw) ?? 'addresses';

  return (
    <PageShell
      title="Web3 & Ledger"
      description="Where members send deposits, the chains they send on, and the ledger that records every movement."
    >
      <ReconciliationCard />
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === null || v === 'addresses' ? {} : { tab: v }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="addresses">Deposit addresses</Tabs.Tab>
          <Tabs.Tab value="chains">Chains</Tabs.Tab>
          <Tabs.Tab value="sweeps">Member addresses</Tabs.Tab>
          <Tabs.Tab value="manual">Manual transaction</Tabs.Tab>
          <Tabs.Tab value="transactions">All transactions</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="addresses">
          <AdminAddresses />
        </Tabs.Panel>
        <Tabs.Panel value="chains">
          <AdminChainsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="sweeps">
          <AdminSweepsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="manual">
          <SectionCard
            title="Manual transaction"
            description="Credit or debit a member wallet with a reason. It is posted through the ledger and audited."
          >
            <ManualTransactionForm />
          </SectionCard>
        </Tabs.Panel>
        <Tabs.Panel value="transactions">
          <AdminTransactions />
        </Tabs.Panel>
      </Tabs>
    </PageShell>
  );
}
