import {
  Button,
  Card,
  MultiSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type IdentityLimitKey, identityLimitKeys, type Settings } from '@sgx/contracts';
import { useState } from 'react';
import { useT } from '../../i18n/i18n';
import { ApiErrorAlert } from '../../ui/ApiErrorAlert';
import { ApprovalPendingAlert, isApprovalPending } from '../../ui/ApprovalPendingAlert';
import { LoadError } from '../../ui/LoadError';
import { SectionCard } from '../../ui/SectionCard';
import { Spinner } from '../../ui/Spinner';
import { useSaveSettings, useSettings } from '../settings/api/settingsApi';
import { countryOptions } from './countries';
import { IDENTITY_LIMITS_NS } from './i18n';

type Levels = Settings['identityLevels'];
/** A level's limits as typed: '' is no limit. */
type DraftLevel = Record<IdentityLimitKey, string>;

const AMOUNT = /^\d+(\.\d{1,8})?$/;
const toDraft = (levels: Levels): DraftLevel[] =>
  levels.map((l) => Object.fromEntries(identityLimitKeys.map((k) => [k, l[k] ?? ''])) as DraftLevel);
const fromDraft = (draft: DraftLevel[]): Levels =>
  draft.map((l) =>
    Object.fromEntries(identityLimitKeys.map((k) => [k, l[k].trim() === '' ? null : l[k].trim()])),
  ) as Levels;

function Editor({ settings }: { settings: Settings }) {
  const { t } = useT(IDENTITY_LIMITS_NS);
  const [draft, setDraft] = useState(() => toDraft(settings.identityLevels));
  const [unserved, setUnserved] = useState<string[]>(settings.unservedCountries);
  const [reason, setReason] = useState('');
  const save = useSaveSettings();
  const invalid = draft.some((l) =>
    identityLimitKeys.some((k) => l[k].trim() !== '' && !AMOUNT.test(l[k].trim())),
  );
  const levels = fromDraft(draft);
  const changed =
    JSON.stringify(levels) !== JSON.stringify(settings.identityLevels) ||
    JSON.stringify([...unserved].sort()) !== JSON.stringify([...settings.unservedCountries].sort());
  const set = (level: number, key: IdentityLimitKey, value: string) =>
    setDraft((d) => d.map((l, i) => (i === level ? { ...l, [key]: value } : l)));

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {draft.map((level, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the levels are a fixed list of three, by number.
          <Card withBorder radius="md" key={i} data-testid={`identity-level-${i}`}>
            <Title order={4} fz="md">
              {t('admin.levelTitle', { level: i })}
            </Title>
            <Text size="xs" c="dimmed" mb="xs">
              {t(`admin.level${i}`)}
            </Text>
            <Stack gap="xs">
              {identityLimitKeys.map((k) => (
                <TextInput
                  key={k}
                  label={t(`keys.${k}`)}
                  description={t('admin.noLimitHint')}
                  inputMode="decimal"
                  value={level[k]}
                  onChange={(e) => set(i, k, e.currentTarget.value)}
                  error={
                    level[k].trim() !== '' && !AMOUNT.test(level[k].trim()) ? t('admin.invalidAmount') : null
                  }
                />
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <MultiSelect
        label={t('admin.unserved')}
        description={t('admin.unservedHint')}
        data={countryOptions()}
        value={unserved}
        onChange={setUnserved}
        searchable
        clearable
        data-testid="unserved-countries"
      />
      <Textarea
        label={t('admin.reason')}
        description={t('admin.reasonHint')}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        autosize
        minRows={2}
      />
      {isApprovalPending(save.error) && <ApprovalPendingAlert pending={save.error} />}
      {save.isError && !isApprovalPending(save.error) && <ApiErrorAlert error={save.error} />}
      {!changed && (
        <Text size="sm" c="dimmed">
          {t('admin.nothingChanged')}
        </Text>
      )}
      <Button
        style={{ alignSelf: 'flex-start' }}
        disabled={!changed || invalid || reason.trim().length < 3}
        loading={save.isPending}
        onClick={() =>
          save.mutate({
            settings: { identityLevels: levels, unservedCountries: unserved },
            reason: reason.trim(),
          })
        }
      >
        {t('admin.save')}
      </Button>
    </Stack>
  );
}

/**
 * /admin/identity-levels (the settings area, decision 0073): the limits of each identity level and the countries not
 * served, changed through PUT /settings, which keeps the change for a second admin (202: shown as waiting).
 */
export function IdentityLevelsPanel() {
  const { t } = useT(IDENTITY_LIMITS_NS);
  const settings = useSettings();
  return (
    <SectionCard title={t('admin.title')} description={t('admin.description')} testId="identity-levels-panel">
      <Spinner loading={settings.isPending} />
      {settings.isError && (
        <LoadError
          title={t('admin.unavailable')}
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      )}
      {settings.data !== undefined && <Editor settings={settings.data} />}
    </SectionCard>
  );
}
