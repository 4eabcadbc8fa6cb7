import { Anchor, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { PlanRecord, Recipient } from '@sgx/contracts';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { ActionDialog } from '../../../ui/ActionDialog';
import { AmountInput } from '../../../ui/AmountInput';
import { amountError, amountText } from '../../../ui/amounts';
import { serverFieldErrors } from '../../../ui/formErrors';
import { formatMoney, plainDecimal } from '../../../ui/Money';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { useTwoFactorStatus } from '../../auth/api/twoFactorApi';
import { codeProblem, OneTimeCodeInput } from '../../auth/components/OneTimeCodeInput';
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import { useRecipientLookup } from '../api/recipientApi';
import { friendTopup } from '../api/topupsApi';
import { TOPUPS_NS } from '../i18n';
import { RecipientInput, recipientName, recipientTextError } from './RecipientInput';
import { BalanceAfter, PlanSelect, useActivePlans } from './shared';

interface Submission {
  friend: Recipient;
  plan: PlanRecord;
  amount: string;
  /** The authenticator code, when two-factor sign-in is on. */
  code?: string;
}

/** The server's refusal of a friend top-up to oneself (spec text). */
const SELF_MESSAGE = 'Visit Membership Plan to topup self account';

/**
 * POST /transfer/friend: tops up a friend's plan from your Business Balance (never your own); the friend is
 * named by username, referral code or e-mail and shown by name before the confirm (decision 0036).
 */
export function FriendTopupForm({ userId, balance }: { userId: number; balance: string | undefined }) {
  const { t } = useT(TOPUPS_NS);
  const plans = useActivePlans();
  const invalidate = useInvalidateMoney();
  // With two-factor sign-in on, paying a friend's plan also needs a code from the app (decision 0023).
  const twoFactor = useTwoFactorStatus().data?.enabled === true;
  const form = useForm({
    mode: 'controlled',
    initialValues: { friend: '', plan: '', amount: '', code: '' },
    validate: {
      friend: recipientTextError,
      plan: (v) => (v === '' ? t('choosePlanError') : null),
      amount: (v, values) => {
        const plan = plans.active.find((p) => String(p.id) === values.plan);
        return amountError(v, plan ? { min: plan.monthly_price } : {});
      },
      code: (v) => (twoFactor ? codeProblem(v, false) : null),
    },
  });
  const recipient = useRecipientLookup(form.values.friend, 'friend');
  const action = useConfirmedAction({
    run: (s: Submission, key) =>
      friendTopup(
        {
          user_id: userId,
          userto_id: s.friend.id,
          plan_id: s.plan.id,
          amount: s.amount,
          ...(s.code === undefined ? {} : { code: s.code }),
        },
        key,
      ),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      form.reset();
      invalidate();
    },
    onError: (error) => form.setErrors(serverFieldErrors(error, { userto_id: 'friend', plan_id: 'plan' })),
  });
  const onSubmit = form.onSubmit(async (v) => {
    const plan = plans.active.find((p) => String(p.id) === v.plan);
    if (plan === undefined) return;
    const found = await recipient.resolve();
    if ('message' in found) {
      form.setFieldError('friend', found.message);
      return;
    }
    action.open({
      friend: found.recipient,
      plan,
      amount: amountText(v.amount),
      ...(twoFactor ? { code: v.code } : {}),
    });
  });
  const selfError =
    form.errors.friend === SELF_MESSAGE ||
    (recipient.lookup.status === 'error' && recipient.lookup.message === SELF_MESSAGE);

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label={t('friend.form')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <RecipientInput
              label={t('friend.friend')}
              lookup={recipient.lookup}
              {...form.getInputProps('friend')}
            />
            <PlanSelect
              plans={plans.active}
              {...form.getInputProps('plan')}
              onChange={(v) => {
                form.setFieldValue('plan', v ?? '');
                const plan = plans.active.find((p) => String(p.id) === v);
                if (plan !== undefined) form.setFieldValue('amount', plainDecimal(plan.monthly_price));
              }}
            />
            <AmountInput label={t('amount')} {...form.getInputProps('amount')} />
          </SimpleGrid>
          {twoFactor && (
            <OneTimeCodeInput
              value={form.values.code}
              onChange={(v) => form.setFieldValue('code', v)}
              error={form.errors.code}
              description={t('friend.codeHint')}
              required
              maw={260}
            />
          )}
          {selfError && (
            <Text size="sm">
              <RichText
                text={t('friend.self')}
                components={{ link: <Anchor component={Link} to="/user/subscription" size="sm" /> }}
              />
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit">{t('friend.submit')}</Button>
          </Group>
        </Stack>
      </form>
      <ActionDialog action={action} title={t('friend.form')} confirmLabel={t('friend.submit')}>
        {action.payload !== null && (
          <Stack gap="xs">
            <Text>
              <RichText
                text={t('friend.confirm')}
                components={{
                  amount: <b>{formatMoney(action.payload.amount)}</b>,
                  plan: <b>{action.payload.plan.name}</b>,
                  friend: <b>{recipientName(action.payload.friend)}</b>,
                }}
              />
            </Text>
            <BalanceAfter balance={balance} amount={action.payload.amount} />
          </Stack>
        )}
      </ActionDialog>
    </>
  );
}
