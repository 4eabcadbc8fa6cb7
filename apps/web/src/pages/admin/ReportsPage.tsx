import { Tabs } from '@mantine/core';
import { IconCash, IconChartPie, IconUserExclamation } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { CtoPanel } from '../../modules/admin-reports/components/CtoPanel';
import { DefaultersPanel } from '../../modules/admin-reports/components/DefaultersPanel';
import { SalaryPanel } from '../../modules/admin-reports/components/SalaryPanel';
import { PageShell } from '../../ui/PageShell';

const tabs = ['salary', 'cto', 'defaulters'] as const;
type Tab = (typeof tabs)[number];
const isTab = (v: string | null): v is Tab => tabs.includes(v as Tab);

/** /admin/reports: salary (runs and payments), the CTO pool, and defaulters with reward notices. */
export default function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = isTab(raw) ? raw : 'salary';
  return (
    <PageShell title="Reports" description="Salary, the CTO pool and defaulters.">
      <Tabs
        value={tab}
        onChange={(v) => setParams(v && v !== 'salary' ? { tab: v } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="salary" leftSection={<IconCash size={16} />}>
            Salary
          </Tabs.Tab>
          <Tabs.Tab value="cto" leftSection={<IconChartPie size={16} />}>
            CTO
          </Tabs.Tab>
          <Tabs.Tab value="defaulters" leftSection={<IconUserExclamation size={16} />}>
            Defaulters
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
