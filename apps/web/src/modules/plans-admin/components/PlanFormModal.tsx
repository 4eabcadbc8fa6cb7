import { Button, Group, Modal, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PlanBody, type PlanRecord } from '@sgx/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { AmountInput } from '../../../ui/AmountInput';
import { ApiErrorAlert } from '../../../ui/ApiErrorAlert';
import { schemaErrors, serverFieldErrors } from '../../../ui/formErrors';
import { newIdempotencyKey } from '../../../ui/idempotency';
import { plainDecimal } from '../../../ui/Money';
import { planKeys } from '../../plans/api/plansApi';
import { createPlan, type PlanInput, updatePlan } from '../api/plansAdminApi';
import { PLANS_ADMIN_NS } from '../i18n';

interface Values {
  name: string;
  monthly_price: string;
  ROI_day: string;
  Sponser_bonus: string;
  plan_period: string;
  description: string;
  type: string;
  active: boolean;
}

const empty: Values = {
  name: '',
  monthly_price: '',
  ROI_day: '',
  Sponser_bonus: '5',
  plan_period: '365',
  description: '',
  type: 'investment',
  active: true,
};

function valuesOf(plan: PlanRecord): Values {
  return {
    name: plan.name,
    monthly_price: plainDecimal(plan.monthly_price),
    ROI_day: plainDecimal(plan.ROI_day),
    Sponser_bonus: plainDecimal(plan.Sponser_bonus),
    plan_period: String(plan.plan_period),
    description: plan.description,
    type: plan.type,
    active: plan.active,
  };
}

function bodyOf(v: Values): PlanInput {
  return {
    name: v.name.trim(),
    monthly_price: v.monthly_price.trim(),
    ROI_day: v.ROI_day.trim(),
    Sponser_bonus: v.Sponser_bonus.trim(),
    plan_period: Number(v.plan_period.trim()),
    description: v.description.trim(),
    type: v.type.trim(),
    active: v.active,
  };
}

interface PlanFormModalProps {
  /** null: a new plan. */
  plan: PlanRecord | null;
  opened: boolean;
  onClose: () => void;
}

/** Create or edit a plan. A change applies to top-ups after it, never to plans already held. */
export function PlanFormModal({ plan, opened, onClose }: PlanFormModalProps) {
  const { t } = useT(PLANS_ADMIN_NS);
  const queryClient = useQueryClient();
  const [key] = useState(newIdempotencyKey);
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: plan === null ? empty : valuesOf(plan),
    validate: (v) => {
      const errors = schemaErrors(PlanBody, bodyOf(v));
      if (!/^\d{1,4}$/.test(v.plan_period.trim())) errors.plan_period = t('form.periodError');
      return errors;
    },
  });
  const save = useMutation({
    mutationFn: (body: PlanInput) => (plan === null ? createPlan(body, key) : updatePlan(plan.id, body, key)),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      void queryClient.invalidateQueries({ queryKey: planKeys.list });
      onClose();
    },
    onError: (error) => form.setErrors(serverFieldErrors(error)),
  });
  const onSubmit = form.onSubmit((v) => save.mutate(bodyOf(v)));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={plan === null ? t('form.newPlan') : t('form.editPlan', { name: plan.name })}
      centered
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate aria-label={t('form.form')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('form.name')} key={form.key('name')} {...form.getInputProps('name')} />
            <AmountInput
              label={t('form.price')}
              key={form.key('monthly_price')}
              {...form.getInputProps('monthly_price')}
            />
            <AmountInput
              label={t('form.roi')}
              unit="%"
              placeholder="0.5"
              key={form.key('ROI_day')}
              {...form.getInputProps('ROI_day')}
            />
            <AmountInput
              label={t('form.bonus')}
              unit="%"
              placeholder="5"
              key={form.key('Sponser_bonus')}
              {...form.getInputProps('Sponser_bonus')}
            />
            <TextInput
              label={t('form.period')}
              inputMode="numeric"
              key={form.key('plan_period')}
              {...form.getInputProps('plan_period')}
            />
            <TextInput label={t('form.type')} key={form.key('type')} {...form.getInputProps('type')} />
          </SimpleGrid>
          <Textarea
            label={t('form.description')}
            autosize
            minRows={2}
            key={form.key('description')}
            {...form.getInputProps('description')}
          />
          <Switch
            label={t('form.open')}
            key={form.key('active')}
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          {save.isError && <ApiErrorAlert error={save.error} title={t('form.notSaved')} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {plan === null ? t('form.create') : t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
