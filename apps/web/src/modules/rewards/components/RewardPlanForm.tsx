import { Button, Group, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { RewardPlan } from '@sgx/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../../app/apiError';
import { useT } from '../../../i18n/i18n';
import { plainDecimal } from '../../../ui/Money';
import { REWARDS_NS } from '../i18n';

type Plan = z.infer<typeof RewardPlan>;

export interface RewardPlanValues {
  rank: string;
  title: string;
  description: string;
  threshold: string;
  duration_days: string;
  reward: string;
  active: boolean;
}

const empty: RewardPlanValues = {
  rank: '',
  title: '',
  description: '',
  threshold: '',
  duration_days: '30',
  reward: '',
  active: true,
};

interface Props {
  plan: Plan | null;
  opened: boolean;
  onClose: () => void;
  onSave: (values: RewardPlanValues) => Promise<unknown>;
}

/** Add or edit a reward plan; amounts stay decimal text, the server checks them. */
export function RewardPlanForm({ plan, opened, onClose, onSave }: Props) {
  const { t } = useT(REWARDS_NS);
  const [values, setValues] = useState<RewardPlanValues>(() =>
    plan
      ? {
          rank: String(plan.rank),
          title: plan.title,
          description: plan.description,
          threshold: plainDecimal(plan.threshold),
          duration_days: String(plan.duration_days),
          reward: plainDecimal(plan.reward),
          active: plan.active,
        }
      : empty,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (key: keyof RewardPlanValues) => (v: string | boolean) => {
    setValues((s) => ({ ...s, [key]: v }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };
  const submit = async () => {
    setSaving(true);
    try {
      await onSave(values);
    } catch (cause) {
      if (cause instanceof ApiError && Object.keys(cause.details).length > 0) {
        setErrors(Object.fromEntries(Object.entries(cause.details).map(([k, v]) => [k, v[0] ?? ''])));
      }
      setErrors((e) => ({ ...e, form: errorMessage(cause) }));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={plan ? t('form.edit') : t('form.add')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        aria-label={t('form.name')}
      >
        <Stack gap="sm">
          <Group grow>
            <TextInput
              label={t('form.rank')}
              inputMode="numeric"
              value={values.rank}
              onChange={(e) => set('rank')(e.currentTarget.value)}
              error={errors.rank}
              required
            />
            <TextInput
              label={t('form.days')}
              inputMode="numeric"
              value={values.duration_days}
              onChange={(e) => set('duration_days')(e.currentTarget.value)}
              error={errors.duration_days}
              required
            />
          </Group>
          <TextInput
            label={t('form.title')}
            value={values.title}
            onChange={(e) => set('title')(e.currentTarget.value)}
            error={errors.title}
            required
          />
          <Textarea
            label={t('form.description')}
            value={values.description}
            onChange={(e) => set('description')(e.currentTarget.value)}
            error={errors.description}
            autosize
            minRows={2}
          />
          <Group grow>
            <TextInput
              label={t('form.threshold')}
              inputMode="decimal"
              value={values.threshold}
              onChange={(e) => set('threshold')(e.currentTarget.value)}
              error={errors.threshold}
              required
            />
            <TextInput
              label={t('form.reward')}
              inputMode="decimal"
              value={values.reward}
              onChange={(e) => set('reward')(e.currentTarget.value)}
              error={errors.reward}
              required
            />
          </Group>
          <Switch
            label={t('form.active')}
            checked={values.active}
            onChange={(e) => set('active')(e.currentTarget.checked)}
          />
          {errors.form && (
            <TextInput variant="unstyled" readOnly value={errors.form} c="red" aria-label={t('form.error')} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {plan ? t('form.update') : t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
