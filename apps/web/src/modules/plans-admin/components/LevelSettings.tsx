import { Button, Group, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { tr, useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { ActionDialog } from '../../../ui/ActionDialog';
import { AmountInput } from '../../../ui/AmountInput';
import { LoadError } from '../../../ui/LoadError';
import { SectionCard } from '../../../ui/SectionCard';
import { StaffFieldset, StaffOnly } from '../../../ui/StaffOnly';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { plansAdminKeys, saveLevelPercents, saveLevelUnlocks, useSettings } from '../api/plansAdminApi';
import { PLANS_ADMIN_NS } from '../i18n';
import { amountError, sameAmountText } from './levelRules';

const levels = Array.from({ length: 10 }, (_, i) => i + 1);

function reasonError(reason: string) {
  return reason.trim().length < 3 ? tr('plansAdmin:levels.reasonError') : null;
}

function PercentsForm({ current }: { current: string[] }) {
  const { t } = useT(PLANS_ADMIN_NS);
  const queryClient = useQueryClient();
  const [values, setValues] = useState(current);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const errors = values.map((v) => (v.trim() === '' ? t('levels.required') : amountError(v)));
  const invalid = errors.some((e) => e !== null) || reasonError(reason) !== null;
  const action = useConfirmedAction({
    run: (body: { levels: string[]; reason: string }, key) => saveLevelPercents(body, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      setReason('');
      setTouched(false);
      void queryClient.invalidateQueries({ queryKey: plansAdminKeys.settings });
    },
  });
  const changed = values.filter((v, i) => !sameAmountText(v, current[i] ?? '')).length;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} spacing="xs">
        {levels.map((level, i) => (
          <AmountInput
            key={level}
            label={t('levels.level', { level })}
            unit="%"
            value={values[i] ?? ''}
            onChange={(e) => {
              const next = [...values];
              next[i] = e.currentTarget.value;
              setValues(next);
            }}
            error={touched ? errors[i] : null}
          />
        ))}
      </SimpleGrid>
      <TextInput
        label={t('levels.reason')}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={touched ? reasonError(reason) : null}
        placeholder={t('levels.percentsPlaceholder')}
      />
      <StaffOnly area="settings">
        <Group justify="flex-end">
          <Button
            onClick={() => {
              setTouched(true);
              if (!invalid) action.open({ levels: values.map((v) => v.trim()), reason: reason.trim() });
            }}
          >
            {t('levels.savePercents')}
          </Button>
        </Group>
      </StaffOnly>
      <ActionDialog action={action} title={t('levels.percentsDialog')} confirmLabel={t('levels.save')}>
        <Text size="sm">
          {changed === 0
            ? t('levels.noChange')
            : t(changed === 1 ? 'levels.oneChange' : 'levels.manyChanges', { n: changed })}
        </Text>
      </ActionDialog>
    </Stack>
  );
}

function UnlockForm({ current }: { current: number[] }) {
  const { t } = useT(PLANS_ADMIN_NS);
  const queryClient = useQueryClient();
  const [values, setValues] = useState(current.map(String));
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const errors = values.map((v) =>
    /^\d{1,4}$/.test(v.trim()) && Number(v) <= 1000 ? null : t('levels.range'),
  );
  const invalid = errors.some((e) => e !== null) || reasonError(reason) !== null;
  const action = useConfirmedAction({
    run: (body: { directs: number[]; reason: string }, key) => saveLevelUnlocks(body, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      setReason('');
      setTouched(false);
      void queryClient.invalidateQueries({ queryKey: plansAdminKeys.settings });
    },
  });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} spacing="xs">
        {levels.map((level, i) => (
          <TextInput
            key={level}
            label={t('levels.level', { level })}
            inputMode="numeric"
            rightSection={
              <Text size="xs" c="dimmed">
                {t('levels.directs')}
              </Text>
            }
            rightSectionWidth={56}
            value={values[i] ?? ''}
            onChange={(e) => {
              const next = [...values];
              next[i] = e.currentTarget.value;
              setValues(next);
            }}
            error={touched ? errors[i] : null}
          />
        ))}
      </SimpleGrid>
      <TextInput
        label={t('levels.reason')}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={touched ? reasonError(reason) : null}
        placeholder={t('levels.unlockPlaceholder')}
      />
      <StaffOnly area="settings">
        <Group justify="flex-end">
          <Button
            onClick={() => {
              setTouched(true);
              if (!invalid)
                action.open({ directs: values.map((v) => Number(v.trim())), reason: reason.trim() });
            }}
          >
            {t('levels.saveUnlocks')}
          </Button>
        </Group>
      </StaffOnly>
      <ActionDialog action={action} title={t('levels.unlockDialog')} confirmLabel={t('levels.save')}>
        <Text size="sm">{t('levels.unlockText')}</Text>
      </ActionDialog>
    </Stack>
  );
}

/** Admin: level income percentages (10 levels) and how many active directs unlock each level. */
export function LevelSettings() {
  const { t } = useT(PLANS_ADMIN_NS);
  const settings = useSettings();
  return (
    <StaffFieldset area="settings">
      <Stack gap="md">
        {settings.isError && (
          <LoadError
            title={t('levels.loadError')}
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        )}
        <SectionCard title={t('levels.percentsTitle')} description={t('levels.percentsDescription')}>
          {settings.data === undefined ? (
            <Skeleton h={120} />
          ) : (
            <PercentsForm key={settings.data.levelPercents.join('|')} current={settings.data.levelPercents} />
          )}
        </SectionCard>
        <SectionCard title={t('levels.unlockTitle')} description={t('levels.unlockDescription')}>
          {settings.data === undefined ? (
            <Skeleton h={120} />
          ) : (
            <UnlockForm
              key={settings.data.levelUnlockDirects.join('|')}
              current={settings.data.levelUnlockDirects}
            />
          )}
        </SectionCard>
      </Stack>
    </StaffFieldset>
  );
}
