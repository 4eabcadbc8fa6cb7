import { Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UserRecord } from '@sgx/contracts';
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
import { WalletChange } from '../../users/components/WalletChange';
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import { MemberPicker } from '../../wallet/components/MemberPicker';
import { createManualTransaction } from '../api/transactionsApi';
import { TRANSACTIONS_NS, walletLabel } from './explain';

type Wallet = 'deposit' | 'working' | 'non_working' | 'compound';
const wallets: Wallet[] = ['deposit', 'working', 'non_working', 'compound'];

interface Values {
  member: UserRecord | null;
  direction: 'credit' | 'debit';
  wallet: Wallet;
  amount: string;
  reason: string;
}

interface Manual {
  member: UserRecord;
  direction: 'credit' | 'debit';
  wallet: Wallet;
  amount: string;
  reason: string;
}

/** Admin: a manual credit or debit of a member wallet through the ledger, with a reason (audited). */
export function ManualTransactionForm() {
  const { t } = useT(TRANSACTIONS_NS);
  const invalidate = useInvalidateMoney();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { member: null, direction: 'credit', wallet: 'working', amount: '', reason: '' },
    validate: {
      member: (m) => (m === null ? t('manual.chooseMember') : null),
      amount: (v) => amountError(v),
      reason: (v) => (v.trim().length < 3 ? t('manual.reasonRequired') : null),
    },
  });
  const action = useConfirmedAction({
    run: (m: Manual, key) =>
      createManualTransaction(
        {
          user_id: m.member.id,
          amount: m.amount,
          direction: m.direction,
          wallet: m.wallet,
          reason: m.reason,
        },
        key,
      ),
    onSuccess: (res) => {
      toast.success(t('admin.done', { message: serverText(res.message), id: res.transaction_id }));
      form.reset();
      invalidate();
    },
    onError: (error) => form.setErrors(serverFieldErrors(error, { user_id: 'member' })),
    // Kept for a second admin: nothing was posted yet; the form is cleared so it is not asked twice.
    onPending: () => form.reset(),
  });
  const onSubmit = form.onSubmit((v) => {
    if (v.member === null) return;
    action.open({
      member: v.member,
      direction: v.direction,
      wallet: v.wallet,
      amount: amountText(v.amount),
      reason: v.reason.trim(),
    });
  });

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label={t('manual.form')}>
        <Stack gap="sm">
          <MemberPicker
            value={form.values.member}
            onChange={(m) => form.setFieldValue('member', m)}
            error={form.errors.member === undefined ? undefined : String(form.errors.member)}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('manual.direction')}
              </Text>
              <SegmentedControl
                data={[
                  { value: 'credit', label: t('manual.credit') },
                  { value: 'debit', label: t('manual.debit') },
                ]}
                aria-label={t('manual.direction')}
                value={form.values.direction}
                onChange={(v) => form.setFieldValue('direction', v === 'debit' ? 'debit' : 'credit')}
                color={form.values.direction === 'debit' ? 'red' : 'teal'}
              />
            </Stack>
            <Select
              label={t('manual.wallet')}
              data={wallets.map((w) => ({ value: w, label: walletLabel(w) }))}
              allowDeselect={false}
              {...form.getInputProps('wallet')}
            />
            <AmountInput label={t('manual.amount')} {...form.getInputProps('amount')} />
          </SimpleGrid>
          <TextInput
            label={t('manual.reason')}
            placeholder={t('manual.reasonPlaceholder')}
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button type="submit">{t('manual.submit')}</Button>
          </Group>
        </Stack>
      </form>
      <ActionDialog
        action={action}
        title={t('manual.title')}
        confirmLabel={
          action.payload?.direction === 'debit' ? t('manual.debitWallet') : t('manual.creditWallet')
        }
        color={action.payload?.direction === 'debit' ? 'red' : 'teal'}
      >
        {action.payload !== null && (
          <Stack gap="xs">
            <Text size="sm">
              <RichText
                text={t(
                  action.payload.direction === 'debit' ? 'manual.debitQuestion' : 'manual.creditQuestion',
                  {
                    amount: formatMoney(action.payload.amount),
                    wallet: walletLabel(action.payload.wallet),
                    username: action.payload.member.username,
                    fullname: action.payload.member.fullname,
                    id: action.payload.member.id,
                    reason: action.payload.reason,
                  },
                )}
                components={{ b: <b /> }}
              />
            </Text>
            <WalletChange
              userId={action.payload.member.id}
              wallet={action.payload.wallet}
              amount={
                action.payload.direction === 'debit' ? `-${action.payload.amount}` : action.payload.amount
              }
            />
          </Stack>
        )}
      </ActionDialog>
    </>
  );
}
