import { Tabs } from '@mantine/core';
import { IconCash, IconChartPie, IconUserExclamation } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/i18n';
import { CtoPanel } from '../../modules/admin-reports/components/CtoPanel';
import { DefaultersPanel } from '../../modules/admin-reports/components/DefaultersPanel';
import { SalaryPanel } from '../../modules/admin-reports/components/SalaryPanel';
import { ADMIN_REPORTS_NS } from '../../modules/admin-reports/i18n';
import { PageShell } from '../../ui/PageShell';

const tabs = ['salary', 'cto', 'defaulters'] as const;
type Tab = (typeof tabs)[number];
const isTab = (v: string | null): v is Tab => tabs.includes(v as Tab);

/** /admin/reports: salary (runs and payments), the CTO pool, and defaulters with reward notices. */
export default function ReportsPage() {
  const { t } = useT(ADMIN_REPORTS_NS);
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = isTab(raw) ? raw : 'salary';
  return (
    <PageShell title={t('page.title')} description={t('page.description')}>
      <Tabs
        value={tab}
        onChange={(v) => setParams(v && v !== 'salary' ? { tab: v } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="salary" leftSection={<IconCash size={16} />}>
            {t('page.salary')}
          </Tabs.Tab>
          <Tabs.Tab value="cto" leftSection={<IconChartPie size={16} />}>
            {t('page.cto')}
          </Tabs.Tab>
          <Tabs.Tab value="defaulters" leftSection={<IconUserExclamation size={16} />}>
            {t('page.defaulters')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="salary">
          <SalaryPanel />
        </Tabs.Panel>
        <Tabs.Panel value="cto">
          <CtoPanel />
        </Tabs.Panel>
        <Tabs.Panel value="defaulters">
          <DefaultersPanel />
        </Tabs.Panel>
      </Tabs>
    </PageShell>
  );
}
