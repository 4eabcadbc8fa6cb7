import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { ActionDialog } from '../../../ui/ActionDialog';
import { AmountInput } from '../../../ui/AmountInput';
import { amountError, amountText } from '../../../ui/amounts';
import { formatMoney, isPositiveAmount, plainDecimal } from '../../../ui/Money';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import { moveToCompound } from '../api/withdrawalsApi';
import { WITHDRAWALS_NS } from '../i18n';

/** Moves money from the Working wallet into the Compound wallet (no fee). */
export function CompoundForm({ userId, working }: { userId: number; working: string | undefined }) {
  const { t } = useT(WITHDRAWALS_NS);
  const invalidate = useInvalidateMoney();
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const problem =
    working === undefined
      ? null
      : amountError(amount, {
          max: working,
          maxMessage: t('compound.inWorking', { amount: formatMoney(working) }),
        });
  const action = useConfirmedAction({
    run: (value: string, key) => moveToCompound({ user_id: userId, amount: value }, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      setAmount('');
      setTouched(false);
      invalidate();
    },
  });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        <RichText text={t('compound.balance')} components={{ b: <b>{formatMoney(working)}</b> }} />
      </Text>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <AmountInput
          label={t('compound.amount')}
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
          {t('compound.max')}
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
          {t('compound.submit')}
        </Button>
      </Group>
      <ActionDialog
        action={action}
        title={t('compound.confirmTitle')}
        confirmLabel={t('compound.confirmLabel')}
      >
        {action.payload !== null && (
          <Text size="sm">
            <RichText
              text={t('compound.confirm')}
              components={{ amount: <b>{formatMoney(action.payload)}</b> }}
            />
          </Text>
        )}
      </ActionDialog>
    </Stack>
  );
}
