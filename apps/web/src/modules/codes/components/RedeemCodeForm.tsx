import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ActionDialog } from '../../../ui/ActionDialog';
import { monoInput } from '../../../ui/inputStyles';
import { formatMoney } from '../../../ui/Money';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import { redeemCode } from '../api/codesApi';

/** POST /codes/redeem: a one-time code's value goes to the Business Balance. */
export function RedeemCodeForm() {
  const invalidate = useInvalidateMoney();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = code.trim();
  const problem = trimmed.length < 4 || trimmed.length > 40 ? 'Enter the code (4 to 40 characters).' : null;
  const action = useConfirmedAction({
    run: (value: string, key) => redeemCode(value, key),
    onSuccess: (res) => {
      toast.success(`${res.message} (${formatMoney(res.amount)})`);
      setCode('');
      setTouched(false);
      invalidate();
    },
  });
  return (
    <Stack gap="sm">
      <TextInput
        label="Code"
        placeholder="Enter your code"
        value={code}
        onChange={(e) => {
          setCode(e.currentTarget.value);
          setTouched(true);
        }}
        error={touched ? problem : null}
        styles={monoInput}
        spellCheck={false}
        autoComplete="off"
        maw={360}
      />
      <Group justify="flex-end">
        <Button
          onClick={() => {
            setTouched(true);
            if (problem === null) action.open(trimmed);
          }}
        >
          Redeem
        </Button>
      </Group>
      <ActionDialog action={action} title="Redeem code" confirmLabel="Redeem">
        {action.payload !== null && (
          <Text>
            Redeem code <b style={{ fontFamily: 'monospace' }}>{action.payload}</b>? Its value is credited to
            your Business Balance. A code works once.
          </Text>
        )}
      </ActionDialog>
    </Stack>
  );
}
