import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { ActionDialog } from '../../../ui/ActionDialog';
import { AmountInput } from '../../../ui/AmountInput';
import { amountError, amountText } from '../../../ui/amounts';
import { formatMoney } from '../../../ui/Money';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { useActivePlan, useInvalidateMoney } from '../../wallet/api/walletApi';
import { retopup } from '../api/topupsApi';
import { TOPUPS_NS } from '../i18n';
import { BalanceAfter } from './shared';

/** POST /topup/addretopup: adds any amount to your active plan. */
export function RetopupForm({ userId, balance }: { userId: number; balance: string | undefined }) {
  const { t } = useT(TOPUPS_NS);
  const plan = useActivePlan(userId);
  const invalidate = useInvalidateMoney();
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = amountError(amount);
  const action = useConfirmedAction({
    run: (value: string, key) => retopup({ userby_id: userId, userto_id: userId, amount: value }, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      setAmount('');
      setTouched(false);
      invalidate();
    },
  });

  if (plan.data === null) {
    return (
      <Text size="sm" c="dimmed">
        <RichText
          text={t('retopup.noPlan')}
          components={{ link: <Anchor component={Link} to="/user/subscription" size="sm" /> }}
        />
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {plan.data !== undefined && (
        <Text size="sm">
          <RichText
            text={t('retopup.yourPlan', { amount: formatMoney(plan.data.amount) })}
            components={{ plan: <b>{plan.data.plan_name}</b> }}
          />
        </Text>
      )}
      <AmountInput
        label={t('retopup.amount')}
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
          {t('retopup.submit')}
        </Button>
      </Group>
      <ActionDialog action={action} title={t('retopup.confirmTitle')} confirmLabel={t('retopup.submit')}>
        {action.payload !== null && plan.data && (
          <Stack gap="xs">
            <Text>
              <RichText
                text={t('retopup.confirm', { plan: plan.data.plan_name })}
                components={{ amount: <b>{formatMoney(action.payload)}</b> }}
              />
            </Text>
            <BalanceAfter balance={balance} amount={action.payload} />
          </Stack>
        )}
      </ActionDialog>
    </Stack>
  );
}
