import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ActionDialog } from '../../../ui/ActionDialog';
import { AmountInput } from '../../../ui/AmountInput';
import { amountError, amountText } from '../../../ui/amounts';
import { formatMoney, isPositiveAmount, plainDecimal } from '../../../ui/Money';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import { moveToCompound } from '../api/withdrawalsApi';

/** Moves money from the Working wallet into the Compound wallet (no fee). */
export function CompoundForm({ userId, working }: { userId: number; working: string | undefined }) {
  const invalidate = useInvalidateMoney();
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const problem =
    working === undefined
      ? null
      : amountError(amount, { max: working, maxMessage: `You have ${formatMoney(working)} in Working.` });
  const action = useConfirmedAction({
    run: (value: string, key) => moveToCompound({ user_id: userId, amount: value }, key),
    onSuccess: (res) => {
      toast.success(res.message);
      setAmount('');
      setTouched(false);
      invalidate();
    },
  });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Working balance: <b>{formatMoney(working)}</b>
      </Text>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <AmountInput
          label="Amount to move"
          value={amount}
          onChange={(e) => {
            setAmount(e.currentTarget.value);
            setTouched(true);
          }}
          error={touched ? problem : null}
          style={{ flex: 1 }}
        />
        <Button
          variant="default"
          onClick={() => working !== undefined && setAmount(plainDecimal(working))}
          disabled={!isPositiveAmount(working)}
          mb={touched && problem !== null ? 22 : 0}
        >
          Max
        </Button>
      </Group>
      <Group justify="flex-end">
        <Button
          variant="light"
          onClick={() => {
            setTouched(true);
            if (problem === null && working !== undefined) action.open(amountText(amount));
          }}
        >
          Move to compound
        </Button>
      </Group>
      <ActionDialog action={action} title="Move to compound" confirmLabel="Move">
        {action.payload !== null && (
          <Text size="sm">
            Move <b>{formatMoney(action.payload)}</b> from your Working wallet to your Compound wallet?
          </Text>
        )}
      </ActionDialog>
    </Stack>
  );
}
