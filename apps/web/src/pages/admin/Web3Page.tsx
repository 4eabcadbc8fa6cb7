import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/i18n';
import { AdminAddresses } from '../../modules/deposit-addresses/components/AdminAddresses';
import { AdminSweepsPanel } from '../../modules/sweeps/components/AdminSweepsPanel';
import { AdminTransactions } from '../../modules/transactions/components/AdminTransactions';
import { ManualTransactionForm } from '../../modules/transactions/components/ManualTransactionForm';
import { ReconciliationCard } from '../../modules/transactions/components/ReconciliationCard';
import { AdminChainsPanel } from '../../modules/web3/components/AdminChainsPanel';
import { WEB3_NS } from '../../modules/web3/i18n';
import { PageShell } from '../../ui/PageShell';
import { SectionCard } from '../../ui/SectionCard';
import { StaffOnly, useStaffTabs } from '../../ui/StaffOnly';

/** Each tab with its area (decision 0042): addresses and chains are the owner's settings, the rest money. */
const tabs = [
  { value: 'addresses', area: 'settings', label: 'adminPage.tabAddresses' },
  { value: 'chains', area: 'settings', label: 'adminPage.tabChains' },
  { value: 'sweeps', area: 'money', label: 'adminPage.tabSweeps' },
  { value: 'manual', area: 'money', label: 'adminPage.tabManual' },
  { value: 'transactions', area: 'money', label: 'adminPage.tabTransactions' },
] as const;

/**
 * /admin/web3: deposit addresses, the chains (stablecoin, confirmations, switch, deposit factory), what sits at
 * members' own addresses and its sweeps to the treasury, ledger reconciliation, manual transactions and every
 * transaction.
 */
export default function Web3Page() {
  const { t } = useT(WEB3_NS);
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const { shown, tab } = useStaffTabs(tabs, raw);

  return (
    <PageShell title={t('adminPage.title')} description={t('adminPage.description')}>
      <ReconciliationCard />
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === null || v === shown[0]?.value ? {} : { tab: v }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {shown.map((x) => (
            <Tabs.Tab key={x.value} value={x.value}>
              {t(x.label)}
            </Tabs.Tab>
          ))}
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
          <SectionCard title={t('adminPage.manualTitle')} description={t('adminPage.manualDescription')}>
            <StaffOnly area="money" note>
              <ManualTransactionForm />
            </StaffOnly>
          </SectionCard>
        </Tabs.Panel>
        <Tabs.Panel value="transactions">
          <AdminTransactions />
        </Tabs.Panel>
      </Tabs>
    </PageShell>
  );
}
