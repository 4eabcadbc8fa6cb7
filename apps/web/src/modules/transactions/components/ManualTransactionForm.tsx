import { Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UserRecord } from '@sgx/contracts';
import toast from 'react-hot-toast';
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
import { walletLabel } from './explain';

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
  const invalidate = useInvalidateMoney();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { member: null, direction: 'credit', wallet: 'working', amount: '', reason: '' },
    validate: {
      member: (m) => (m === null ? 'Choose a member.' : null),
      amount: (v) => amountError(v),
      reason: (v) =>
        v.trim().length < 3 ? 'Say why (at least 3 characters): it is kept in the audit log.' : null,
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
      toast.success(`${res.message} (#${res.transaction_id})`);
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
      <form onSubmit={onSubmit} noValidate aria-label="Manual transaction">
        <Stack gap="sm">
          <MemberPicker
            value={form.values.member}
            onChange={(m) => form.setFieldValue('member', m)}
            error={form.errors.member === undefined ? undefined : String(form.errors.member)}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Direction
              </Text>
              <SegmentedControl
                data={[
                  { value: 'credit', label: 'Credit' },
                  { value: 'debit', label: 'Debit' },
                ]}
                aria-label="Direction"
                value={form.values.direction}
                onChange={(v) => form.setFieldValue('direction', v === 'debit' ? 'debit' : 'credit')}
                color={form.values.direction === 'debit' ? 'red' : 'teal'}
              />
            </Stack>
            <Select
              label="Wallet"
              data={wallets.map((w) => ({ value: w, label: walletLabel(w) }))}
              allowDeselect={false}
              {...form.getInputProps('wallet')}
            />
            <AmountInput label="Amount" {...form.getInputProps('amount')} />
          </SimpleGrid>
          <TextInput
            label="Reason"
            placeholder="Why (kept in the audit log)"
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button type="submit">Post transaction</Button>
          </Group>
        </Stack>
      </form>
      <ActionDialog
        action={action}
        title="Post manual transaction"
        confirmLabel={action.payload?.direction === 'debit' ? 'Debit wallet' : 'Credit wallet'}
        color={action.payload?.direction === 'debit' ? 'red' : 'teal'}
      >
        {action.payload !== null && (
          <Stack gap="xs">
            <Text size="sm">
              {action.payload.direction === 'debit' ? 'Debit' : 'Credit'}{' '}
              <b>{formatMoney(action.payload.amount)}</b>{' '}
              {action.payload.direction === 'debit' ? 'from' : 'to'} the {walletLabel(action.payload.wallet)}{' '}
              wallet of <b>{action.payload.member.username}</b> ({action.payload.member.fullname}, #
              {action.payload.member.id})? Reason: “{action.payload.reason}”.
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
