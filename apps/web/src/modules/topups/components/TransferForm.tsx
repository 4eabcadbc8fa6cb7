import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Recipient } from '@sgx/contracts';
import toast from 'react-hot-toast';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { ActionDialog } from '../../../ui/ActionDialog';
import { AmountInput } from '../../../ui/AmountInput';
import { amountError, amountText } from '../../../ui/amounts';
import { serverFieldErrors } from '../../../ui/formErrors';
import { formatMoney } from '../../../ui/Money';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { useTwoFactorStatus } from '../../auth/api/twoFactorApi';
import { codeProblem, OneTimeCodeInput } from '../../auth/components/OneTimeCodeInput';
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import { useRecipientLookup } from '../api/recipientApi';
import { transferToMember } from '../api/topupsApi';
import { TOPUPS_NS } from '../i18n';
import { RecipientInput, recipientName, recipientTextError } from './RecipientInput';
import { BalanceAfter } from './shared';

/**
 * POST /transfer/touser: moves Business Balance to another member, named by username, referral code or e-mail
 * and shown by name before the confirm (decision 0036); the id the lookup found is what is sent.
 */
export function TransferForm({ userId, balance }: { userId: number; balance: string | undefined }) {
  const { t } = useT(TOPUPS_NS);
  const invalidate = useInvalidateMoney();
  // With two-factor sign-in on, a transfer also needs a code from the app (decision 0023).
  const twoFactor = useTwoFactorStatus().data?.enabled === true;
  const form = useForm({
    mode: 'controlled',
    initialValues: { member: '', amount: '', code: '' },
    validate: {
      member: recipientTextError,
      amount: (v) =>
        amountError(
          v,
          balance === undefined
            ? {}
            : { max: balance, maxMessage: t('transfer.balanceIs', { amount: formatMoney(balance) }) },
        ),
      code: (v) => (twoFactor ? codeProblem(v, false) : null),
    },
  });
  const recipient = useRecipientLookup(form.values.member, 'transfer');
  const action = useConfirmedAction({
    run: (s: { to: Recipient; amount: string; code?: string }, key) =>
      transferToMember(
        {
          user_id: userId,
          userto_id: s.to.id,
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
    onError: (error) => form.setErrors(serverFieldErrors(error, { userto_id: 'member' })),
  });
  const onSubmit = form.onSubmit(async (v) => {
    const found = await recipient.resolve();
    if ('message' in found) {
      form.setFieldError('member', found.message);
      return;
    }
    action.open({
      to: found.recipient,
      amount: amountText(v.amount),
      ...(twoFactor ? { code: v.code } : {}),
    });
  });
  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label={t('transfer.form')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <RecipientInput
              label={t('transfer.to')}
              lookup={recipient.lookup}
              {...form.getInputProps('member')}
            />
            <AmountInput label={t('amount')} {...form.getInputProps('amount')} />
          </SimpleGrid>
          {twoFactor && (
            <OneTimeCodeInput
              value={form.values.code}
              onChange={(v) => form.setFieldValue('code', v)}
              error={form.errors.code}
              description={t('transfer.codeHint')}
              required
              maw={260}
            />
          )}
          <Group justify="flex-end">
            <Button type="submit">{t('transfer.submit')}</Button>
          </Group>
        </Stack>
      </form>
      <ActionDialog action={action} title={t('transfer.confirmTitle')} confirmLabel={t('transfer.submit')}>
        {action.payload !== null && (
          <Stack gap="xs">
            <Text>
              <RichText
                text={t('transfer.confirm')}
                components={{
                  amount: <b>{formatMoney(action.payload.amount)}</b>,
                  to: <b>{recipientName(action.payload.to)}</b>,
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
