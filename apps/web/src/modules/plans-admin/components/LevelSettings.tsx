import { Button, Group, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ActionDialog } from '../../../ui/ActionDialog';
import { AmountInput } from '../../../ui/AmountInput';
import { LoadError } from '../../../ui/LoadError';
import { SectionCard } from '../../../ui/SectionCard';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { plansAdminKeys, saveLevelPercents, saveLevelUnlocks, useSettings } from '../api/plansAdminApi';
import { amountError, sameAmountText } from './levelRules';

const levels = Array.from({ length: 10 }, (_, i) => i + 1);

function reasonError(reason: string) {
  return reason.trim().length < 3 ? 'Say why (at least 3 characters): it is kept in the audit log.' : null;
}

function PercentsForm({ current }: { current: string[] }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(current);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const errors = values.map((v) => (v.trim() === '' ? 'Required' : amountError(v)));
  const invalid = errors.some((e) => e !== null) || reasonError(reason) !== null;
  const action = useConfirmedAction({
    run: (body: { levels: string[]; reason: string }, key) => saveLevelPercents(body, key),
    onSuccess: (res) => {
      toast.success(res.message);
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
            label={`Level ${level}`}
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
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={touched ? reasonError(reason) : null}
        placeholder="Why the percentages change (audit log)"
      />
      <Group justify="flex-end">
        <Button
          onClick={() => {
            setTouched(true);
            if (!invalid) action.open({ levels: values.map((v) => v.trim()), reason: reason.trim() });
          }}
        >
          Save percentages
        </Button>
      </Group>
      <ActionDialog action={action} title="Save level income percentages" confirmLabel="Save">
        <Text size="sm">
          {changed === 0 ? 'No level changes; ' : `${changed} level${changed === 1 ? '' : 's'} change; `}
          the new percentages apply to ROI claims from now on, never to income already paid.
        </Text>
      </ActionDialog>
    </Stack>
  );
}

function UnlockForm({ current }: { current: number[] }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(current.map(String));
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const errors = values.map((v) => (/^\d{1,4}$/.test(v.trim()) && Number(v) <= 1000 ? null : '0 to 1000'));
  const invalid = errors.some((e) => e !== null) || reasonError(reason) !== null;
  const action = useConfirmedAction({
    run: (body: { directs: number[]; reason: string }, key) => saveLevelUnlocks(body, key),
    onSuccess: (res) => {
      toast.success(res.message);
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
            label={`Level ${level}`}
            inputMode="numeric"
            rightSection={
              <Text size="xs" c="dimmed">
                directs
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
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={touched ? reasonError(reason) : null}
        placeholder="Why the rules change (audit log)"
      />
      <Group justify="flex-end">
        <Button
          onClick={() => {
            setTouched(true);
            if (!invalid)
              action.open({ directs: values.map((v) => Number(v.trim())), reason: reason.trim() });
          }}
        >
          Save unlock rules
        </Button>
      </Group>
      <ActionDialog action={action} title="Save level unlock rules" confirmLabel="Save">
        <Text size="sm">
          Members unlock level L when they have the given number of active direct referrals. The rules apply
          to income from now on.
        </Text>
      </ActionDialog>
    </Stack>
  );
}

/** Admin: level income percentages (10 levels) and how many active directs unlock each level. */
export function LevelSettings() {
  const settings = useSettings();
  return (
    <Stack gap="md">
      {settings.isError && (
        <LoadError
          title="Settings could not be loaded"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      )}
      <SectionCard
        title="Level income percentages"
        description="Each upline at level L earns this percent of a member's daily ROI."
      >
        {settings.data === undefined ? (
          <Skeleton h={120} />
        ) : (
          <PercentsForm key={settings.data.levelPercents.join('|')} current={settings.data.levelPercents} />
        )}
      </SectionCard>
      <SectionCard
        title="Level unlock rules"
        description="Active direct referrals a member needs to earn from each level."
      >
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
  );
}
