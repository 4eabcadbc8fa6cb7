import { Tabs } from '@mantine/core';
import { IconAward, IconLifebuoy, IconMail, IconNews, IconSettings } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/i18n';
import { AchieversPanel } from '../../modules/content/components/AchieversPanel';
import { NewsPanel } from '../../modules/content/components/NewsPanel';
import { SupportPanel } from '../../modules/content/components/SupportPanel';
import { OutboxPanel } from '../../modules/recovery/components/OutboxPanel';
import { useSettings } from '../../modules/settings/api/settingsApi';
import { SettingsForm } from '../../modules/settings/components/SettingsForm';
import { SETTINGS_NS } from '../../modules/settings/i18n';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

const tabs = [
  { value: 'platform', icon: IconSettings },
  { value: 'news', icon: IconNews },
  { value: 'support', icon: IconLifebuoy },
  { value: 'achievers', icon: IconAward },
  { value: 'outbox', icon: IconMail },
] as const;
type Tab = (typeof tabs)[number]['value'];

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
  const asked = params.get('tab');
  const tab: Tab = tabs.some((x) => x.value === asked) ? (asked as Tab) : 'platform';

  return (
    <PageShell title={t('page.title')} description={t('page.description')}>
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === null || v === 'platform' ? {} : { tab: v }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {tabs.map((x) => (
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
