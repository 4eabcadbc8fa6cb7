import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UserRecord } from '@sgx/contracts';
import toast from 'react-hot-toast';
import { tr, useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { ActionDialog } from '../../../ui/ActionDialog';
import { AmountInput } from '../../../ui/AmountInput';
import { amountError, amountText } from '../../../ui/amounts';
import { serverFieldErrors } from '../../../ui/formErrors';
import { formatMoney } from '../../../ui/Money';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { walletLabel } from '../../transactions/components/explain';
import { WalletChange } from '../../users/components/WalletChange';
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import { MemberPicker } from '../../wallet/components/MemberPicker';
import { adminDebit, type DebitBody } from '../api/withdrawalsApi';
import { WITHDRAWALS_NS } from '../i18n';

type Wallet = DebitBody['wallet'];
const wallets: Wallet[] = ['deposit', 'working', 'non_working', 'compound'];

interface Values {
  member: UserRecord | null;
  wallet: Wallet;
  amount: string;
  reason: string;
}

/** Admin: debits a member wallet (an adjustment with a reason, posted through the ledger, audited). */
export function AdminDebitForm() {
  const { t } = useT(WITHDRAWALS_NS);
  const invalidate = useInvalidateMoney();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { member: null, wallet: 'working', amount: '', reason: '' },
    validate: {
      member: (m) => (m === null ? tr(`${WITHDRAWALS_NS}:debit.chooseMember`) : null),
      amount: (v) => amountError(v),
      reason: (v) => (v.trim().length < 3 ? tr(`${WITHDRAWALS_NS}:debit.reasonRequired`) : null),
    },
  });
  const action = useConfirmedAction({
    run: (p: { member: UserRecord; body: DebitBody }, key) => adminDebit(p.body, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      form.reset();
      invalidate();
    },
    onError: (error) => form.setErrors(serverFieldErrors(error, { user_id: 'member' })),
    // Kept for a second admin: nothing was debited yet; the form is cleared so it is not asked twice.
    onPending: () => form.reset(),
  });
  const onSubmit = form.onSubmit((v) => {
    if (v.member === null) return;
    action.open({
      member: v.member,
      body: { user_id: v.member.id, wallet: v.wallet, amount: amountText(v.amount), reason: v.reason.trim() },
    });
  });
  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label={t('debit.form')}>
        <Stack gap="sm">
          <MemberPicker
            value={form.values.member}
            onChange={(m) => form.setFieldValue('member', m)}
            error={form.errors.member === undefined ? undefined : String(form.errors.member)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('debit.wallet')}
              data={wallets.map((w) => ({ value: w, label: walletLabel(w) }))}
              allowDeselect={false}
              {...form.getInputProps('wallet')}
            />
            <AmountInput label={t('debit.amount')} {...form.getInputProps('amount')} />
          </SimpleGrid>
          <TextInput
            label={t('debit.reason')}
            placeholder={t('debit.reasonPlaceholder')}
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button type="submit" color="red" variant="light">
              {t('debit.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ActionDialog
        action={action}
        title={t('debit.confirmTitle')}
        confirmLabel={t('debit.confirmLabel')}
        color="red"
      >
        {action.payload !== null && (
          <Stack gap="xs">
            <Text size="sm">
              <RichText
                text={t('debit.confirm', {
                  wallet: walletLabel(action.payload.body.wallet),
                  fullname: action.payload.member.fullname,
                  id: action.payload.member.id,
                  reason: action.payload.body.reason,
                })}
                components={{
                  amount: <b>{formatMoney(action.payload.body.amount)}</b>,
                  user: <b>{action.payload.member.username}</b>,
                }}
              />
            </Text>
            <WalletChange
              userId={action.payload.member.id}
              wallet={action.payload.body.wallet}
              amount={`-${action.payload.body.amount}`}
            />
          </Stack>
        )}
      </ActionDialog>
    </>
  );
}
