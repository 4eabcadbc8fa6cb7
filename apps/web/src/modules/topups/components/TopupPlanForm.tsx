import { Button, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { PlanRecord, Recipient } from '@sgx/contracts';
import toast from 'react-hot-toast';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { ActionDialog } from '../../../ui/ActionDialog';
import { AmountInput } from '../../../ui/AmountInput';
import { amountError, amountText } from '../../../ui/amounts';
import { serverFieldErrors } from '../../../ui/formErrors';
import { formatMoney, plainDecimal } from '../../../ui/Money';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { PlanChangeSummary } from '../../plans/components/PlanChangeSummary';
import { useActivePlan, useInvalidateMoney } from '../../wallet/api/walletApi';
import { useRecipientLookup } from '../api/recipientApi';
import { topup } from '../api/topupsApi';
import { TOPUPS_NS } from '../i18n';
import { RecipientInput, recipientName, recipientTextError } from './RecipientInput';
import { BalanceAfter, PlanSelect, useActivePlans } from './shared';

interface Submission {
  plan: PlanRecord;
  receiver: number;
  /** The other member, named before the confirm (decision 0036); absent for yourself. */
  other?: Recipient;
  amount: string;
}

/**
 * POST /topup/add: a plan for yourself or another member (by username, referral code or e-mail, shown by name
 * before the confirm), from your Business Balance.
 */
export function TopupPlanForm({ userId, balance }: { userId: number; balance: string | undefined }) {
  const { t } = useT(TOPUPS_NS);
  const plans = useActivePlans();
  const held = useActivePlan(userId).data ?? null;
  const invalidate = useInvalidateMoney();
  const form = useForm({
    mode: 'controlled',
    initialValues: { who: 'self', member: '', plan: '', amount: '' },
    validate: {
      member: (v, values) => (values.who === 'self' ? null : recipientTextError(v)),
      plan: (v) => (v === '' ? t('choosePlanError') : null),
      amount: (v, values) => {
        const plan = plans.active.find((p) => String(p.id) === values.plan);
        return amountError(v, plan ? { min: plan.monthly_price } : {});
      },
    },
  });
  const recipient = useRecipientLookup(form.values.who === 'self' ? '' : form.values.member, 'friend');
  const action = useConfirmedAction({
    run: (s: Submission, key) =>
      topup({ id: s.plan.id, userby_id: userId, userto_id: s.receiver, amount: s.amount }, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      form.reset();
      invalidate();
    },
    onError: (error) => form.setErrors(serverFieldErrors(error, { userto_id: 'member', id: 'plan' })),
  });
  const onSubmit = form.onSubmit(async (v) => {
    const plan = plans.active.find((p) => String(p.id) === v.plan);
    if (plan === undefined) return;
    const amount = amountText(v.amount);
    if (v.who === 'self') {
      action.open({ plan, receiver: userId, amount });
      return;
    }
    const found = await recipient.resolve();
    if ('message' in found) {
      form.setFieldError('member', found.message);
      return;
    }
    action.open({ plan, receiver: found.recipient.id, other: found.recipient, amount });
  });

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label={t('topup.form')}>
        <Stack gap="sm">
          <SegmentedControl
            data={[
              { value: 'self', label: t('topup.forMe') },
              { value: 'other', label: t('topup.forOther') },
            ]}
            aria-label={t('topup.who')}
            {...form.getInputProps('who')}
            w={{ base: '100%', xs: 'auto' }}
            style={{ alignSelf: 'flex-start' }}
          />
          <SimpleGrid cols={{ base: 1, sm: form.values.who === 'self' ? 2 : 3 }} spacing="sm">
            {form.values.who === 'other' && (
              <RecipientInput
                label={t('topup.member')}
                lookup={recipient.lookup}
                {...form.getInputProps('member')}
              />
            )}
            <PlanSelect
              plans={plans.active}
              {...form.getInputProps('plan')}
              onChange={(v) => {
                form.setFieldValue('plan', v ?? '');
                const plan = plans.active.find((p) => String(p.id) === v);
                if (plan !== undefined) form.setFieldValue('amount', plainDecimal(plan.monthly_price));
              }}
            />
            <AmountInput
              label={t('amount')}
              description={t('topup.amountHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...form.getInputProps('amount')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit">{t('topup.submit')}</Button>
          </Group>
        </Stack>
      </form>
      <ActionDialog action={action} title={t('topup.confirmTitle')} confirmLabel={t('topup.submit')}>
        {action.payload !== null && (
          <Stack gap="xs">
            <Text>
              <RichText
                text={t('topup.confirm')}
                components={{
                  plan: <b>{action.payload.plan.name}</b>,
                  who: (
                    <b>
                      {action.payload.other === undefined
                        ? t('topup.yourself')
                        : recipientName(action.payload.other)}
                    </b>
                  ),
                  amount: <b>{formatMoney(action.payload.amount)}</b>,
                }}
              />
            </Text>
            <BalanceAfter balance={balance} amount={action.payload.amount} />
            {action.payload.receiver === userId && (
              <PlanChangeSummary
                chosen={action.payload.plan}
                amount={action.payload.amount}
                holding={
                  held === null
                    ? null
                    : { amount: held.amount, plan: plans.data?.find((p) => p.id === held.plan_id) }
                }
              />
            )}
          </Stack>
        )}
      </ActionDialog>
    </>
  );
}
