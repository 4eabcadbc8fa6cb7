import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { ActionDialog } from '../../../ui/ActionDialog';
import { AmountInput } from '../../../ui/AmountInput';
import { amountError, amountText } from '../../../ui/amounts';
import { formatMoney } from '../../../ui/Money';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { useActivePlan, useInvalidateMoney } from '../../wallet/api/walletApi';
import { retopup } from '../api/topupsApi';
import { BalanceAfter } from './shared';

/** POST /topup/addretopup: adds any amount to your active plan. */
export function RetopupForm({ userId, balance }: { userId: number; balance: string | undefined }) {
  const plan = useActivePlan(userId);
  const invalidate = useInvalidateMoney();
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = amountError(amount);
  const action = useConfirmedAction({
    run: (value: string, key) => retopup({ userby_id: userId, userto_id: userId, amount: value }, key),
    onSuccess: (res) => {
      toast.success(res.message);
      setAmount('');
      setTouched(false);
      invalidate();
    },
  });

  if (plan.data === null) {
    return (
      <Text size="sm" c="dimmed">
        You have no active plan to add to.{' '}
        <Anchor component={Link} to="/user/subscription" size="sm">
          Choose a plan on Subscription
        </Anchor>{' '}
        first.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {plan.data !== undefined && (
        <Text size="sm">
          Your plan: <b>{plan.data.plan_name}</b>, {formatMoney(plan.data.amount)}. A re-top-up adds to it.
        </Text>
      )}
      <AmountInput
        label="Amount to add"
        value={amount}
        onChange={(e) => {
          setAmount(e.currentTarget.value);
          setTouched(true);
        }}
        error={touched ? problem : null}
        maw={320}
      />
      <Group justify="flex-end">
        <Button
          onClick={() => {
            setTouched(true);
            if (problem === null) action.open(amountText(amount));
          }}
          disabled={plan.data === undefined}
        >
          Re-top-up
        </Button>
      </Group>
      <ActionDialog action={action} title="Confirm re-top-up" confirmLabel="Re-top-up">
        {action.payload !== null && plan.data && (
          <Stack gap="xs">
            <Text>
              Add <b>{formatMoney(action.payload)}</b> to your {plan.data.plan_name} plan?
            </Text>
            <BalanceAfter balance={balance} amount={action.payload} />
          </Stack>
        )}
      </ActionDialog>
    </Stack>
  );
}
