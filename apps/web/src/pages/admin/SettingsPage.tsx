import { Tabs } from '@mantine/core';
import { IconAward, IconLifebuoy, IconMail, IconNews, IconSettings } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/i18n';
import { AchieversPanel } from '../../modules/content/components/AchieversPanel';
import { NewsPanel } from '../../modules/content/components/NewsPanel';
import { SupportPanel } from '../../modules/content/components/SupportPanel';
import { OutboxPanel } from '../../modules/recovery/components/OutboxPanel';
import { RuleHistoryLink } from '../../modules/rules/components/RuleHistoryLink';
import { useSettings } from '../../modules/settings/api/settingsApi';
import { SettingsForm } from '../../modules/settings/components/SettingsForm';
import { SETTINGS_NS } from '../../modules/settings/i18n';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';
import { useStaffTabs } from '../../ui/StaffOnly';

/** Each tab with the back-office area it belongs to (decision 0042): a role sees the tabs it may read. */
const tabs = [
  { value: 'platform', icon: IconSettings, area: 'settings' },
  { value: 'news', icon: IconNews, area: 'content' },
  { value: 'support', icon: IconLifebuoy, area: 'tickets' },
  { value: 'achievers', icon: IconAward, area: 'content' },
  { value: 'outbox', icon: IconMail, area: 'staff' },
] as const;

function PlatformSettings() {
  const { t } = useT(SETTINGS_NS);
  const settings = useSettings();
  return (
    <>
      {settings.isError && (
        <LoadError
          title={t('page.loadError')}
          error={settings.error}
          onRetry={() => void settings.refetch()}
          loadedAt={settings.dataUpdatedAt}
        />
      )}
      <Spinner loading={settings.isPending} />
      {settings.data !== undefined && <SettingsForm settings={settings.data} />}
    </>
  );
}

/** /admin/settings: feature switches and economic numbers (audited), news, support messages, achievers, outbox. */
export default function SettingsPage() {
  const { t } = useT(SETTINGS_NS);
  const [params, setParams] = useSearchParams();
  const { shown, tab } = useStaffTabs(tabs, params.get('tab'));
  const first = shown[0]?.value;

  return (
    <PageShell title={t('page.title')} description={t('page.description')} actions={<RuleHistoryLink />}>
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === null || v === first ? {} : { tab: v }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {shown.map((x) => (
            <Tabs.Tab key={x.value} value={x.value} leftSection={<x.icon size={16} />}>
              {t(`page.tab.${x.value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="platform">
          <PlatformSettings />
        </Tabs.Panel>
        <Tabs.Panel value="news">
          <NewsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="support">
          <SupportPanel />
        </Tabs.Panel>
        <Tabs.Panel value="achievers">
          <AchieversPanel />
        </Tabs.Panel>
        <Tabs.Panel value="outbox">
          <OutboxPanel />
        </Tabs.Panel>
      </Tabs>
    </PageShell>
  );
}
