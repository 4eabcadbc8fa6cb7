import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/i18n';
import { AdminChainPayoutsPanel } from '../../modules/chain-payouts/components/AdminChainPayoutsPanel';
import { AdminDebitForm } from '../../modules/withdrawals/components/AdminDebitForm';
import { AdminWithdrawals } from '../../modules/withdrawals/components/AdminWithdrawals';
import { WITHDRAWALS_NS } from '../../modules/withdrawals/i18n';
import { PageShell } from '../../ui/PageShell';
import { SectionCard } from '../../ui/SectionCard';
import { StaffOnly } from '../../ui/StaffOnly';

/**
 * /admin/withdrawals: working, compound and principal withdrawals to approve or decline, admin debits; and
 * "Pay on chain" (?tab=payouts, decision 0034): approved withdrawals paid in batches from the operator's wallet.
 */
export default function WithdrawalsPage() {
  const { t } = useT(WITHDRAWALS_NS);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'payouts' ? 'payouts' : 'requests';
  return (
    <PageShell title={t('admin.title')} description={t('admin.description')}>
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === 'payouts' ? { tab: v } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="requests">{t('admin.requests')}</Tabs.Tab>
          <Tabs.Tab value="payouts">{t('admin.payOnChain')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="requests">
          <SectionCard title={t('admin.requests')}>
            <AdminWithdrawals kinds={['working', 'compound', 'principal']} />
          </SectionCard>
          <StaffOnly area="money">
            <SectionCard title={t('admin.debitTitle')} description={t('admin.debitDescription')}>
              <AdminDebitForm />
            </SectionCard>
          </StaffOnly>
        </Tabs.Panel>
        <Tabs.Panel value="payouts">
          <AdminChainPayoutsPanel />
        </Tabs.Panel>
      </Tabs>
    </PageShell>
  );
}
