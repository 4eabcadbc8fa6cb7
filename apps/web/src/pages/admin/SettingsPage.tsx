import { Tabs } from '@mantine/core';
import { IconAward, IconLifebuoy, IconMail, IconNews, IconSettings } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { AchieversPanel } from '../../modules/content/components/AchieversPanel';
import { NewsPanel } from '../../modules/content/components/NewsPanel';
import { SupportPanel } from '../../modules/content/components/SupportPanel';
import { OutboxPanel } from '../../modules/recovery/components/OutboxPanel';
import { useSettings } from '../../modules/settings/api/settingsApi';
import { SettingsForm } from '../../modules/settings/components/SettingsForm';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

const tabs = [
  { value: 'platform', label: 'Platform', icon: IconSettings },
  { value: 'news', label: 'News', icon: IconNews },
  { value: 'support', label: 'Support messages', icon: IconLifebuoy },
  { value: 'achievers', label: 'Achievers', icon: IconAward },
  { value: 'outbox', label: 'Mail outbox', icon: IconMail },
] as const;
type Tab = (typeof tabs)[number]['value'];

function PlatformSettings() {
  const settings = useSettings();
  return (
    <>
      {settings.isError && (
        <LoadError
          title="Settings could not be loaded"
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
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = tabs.some((t) => t.value === asked) ? (asked as Tab) : 'platform';

  return (
    <PageShell
      title="Settings"
      description="Platform switches and numbers, content for members, and the mail outbox."
    >
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === null || v === 'platform' ? {} : { tab: v }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} leftSection={<t.icon size={16} />}>
              {t.label}
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
