import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { PlanRecord, UserRecord } from '@sgx/contracts';
import toast from 'react-hot-toast';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { ActionDialog } from '../../../ui/ActionDialog';
import { AmountInput } from '../../../ui/AmountInput';
import { amountError, amountText, subtractAmounts } from '../../../ui/amounts';
import { serverFieldErrors } from '../../../ui/formErrors';
import { formatMoney } from '../../../ui/Money';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import { MemberPicker } from '../../wallet/components/MemberPicker';
import { activatePlan } from '../api/topupsApi';
import { TOPUPS_NS } from '../i18n';
import { PlanSelect, useActivePlans } from './shared';

interface Values {
  member: UserRecord | null;
  plan: string;
  amount: string;
}

interface Submission {
  member: UserRecord;
  plan: PlanRecord;
  amount: string | undefined;
}

/** Admin: activates a plan for a member, paid from the member's own Business Balance. */
export function ActivatePlanForm() {
  const { t } = useT(TOPUPS_NS);
  const plans = useActivePlans();
  const invalidate = useInvalidateMoney();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { member: null, plan: '', amount: '' },
    validate: {
      member: (m) => (m === null ? t('activate.chooseMember') : null),
      plan: (v) => (v === '' ? t('activate.choosePlan') : null),
      amount: (v, values) => {
        if (v.trim() === '') return null;
        const plan = plans.active.find((p) => String(p.id) === values.plan);
        return amountError(v, plan ? { min: plan.monthly_price } : {});
      },
    },
  });
  const action = useConfirmedAction({
    run: (s: Submission, key) =>
      activatePlan(
        { user_id: s.member.id, plan_id: s.plan.id, ...(s.amount !== undefined ? { amount: s.amount } : {}) },
        key,
      ),
    onSuccess: (res) => {
      toast.success(t('activate.done', { message: serverText(res.message), id: res.topup_id }));
      form.reset();
      invalidate();
    },
    onError: (error) => form.setErrors(serverFieldErrors(error, { user_id: 'member', plan_id: 'plan' })),
  });
  const onSubmit = form.onSubmit((v) => {
    const plan = plans.active.find((p) => String(p.id) === v.plan);
    if (v.member === null || plan === undefined) return;
    action.open({
      member: v.member,
      plan,
      amount: v.amount.trim() === '' ? undefined : amountText(v.amount),
    });
  });
  const pay = action.payload === null ? null : (action.payload.amount ?? action.payload.plan.monthly_price);
  const after =
    action.payload === null || pay === null
      ? null
      : subtractAmounts(action.payload.member.business_balance, pay);

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label={t('activate.form')}>
        <Stack gap="sm">
          <MemberPicker
            value={form.values.member}
            onChange={(m) => form.setFieldValue('member', m)}
            error={form.errors.member === undefined ? undefined : String(form.errors.member)}
            description={
              form.values.member === null
                ? undefined
                : t('activate.balance', { amount: formatMoney(form.values.member.business_balance) })
            }
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <PlanSelect plans={plans.active} {...form.getInputProps('plan')} />
            <AmountInput
              label={t('activate.amount')}
              placeholder={t('activate.amountPlaceholder')}
              {...form.getInputProps('amount')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit">{t('activate.submit')}</Button>
          </Group>
        </Stack>
      </form>
      <ActionDialog
        action={action}
        title={t('activate.confirmTitle')}
        confirmLabel={t('activate.confirmLabel')}
      >
        {action.payload !== null && pay !== null && (
          <Stack gap="xs">
            <Text size="sm">
              <RichText
                text={t('activate.confirm', {
                  plan: action.payload.plan.name,
                  username: action.payload.member.username,
                  fullname: action.payload.member.fullname,
                  id: action.payload.member.id,
                  amount: formatMoney(pay),
                })}
                components={{ b: <b /> }}
              />
            </Text>
            <Text size="sm" c={after?.startsWith('-') === true ? 'red' : 'dimmed'}>
              {t('activate.balanceChange', {
                before: formatMoney(action.payload.member.business_balance),
                after: after === null ? '-' : formatMoney(after),
              })}
            </Text>
          </Stack>
        )}
      </ActionDialog>
    </>
  );
}
