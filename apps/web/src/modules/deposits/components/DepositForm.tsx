import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { networkName } from '@sgx/chain/names';
import { TX_HASH_MESSAGE, TX_HASH_PATTERN } from '@sgx/contracts/deposit-basics';
import { IconInfoCircle } from '@tabler/icons-react';
import toast from 'react-hot-toast';
import { tr, useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { ActionDialog } from '../../../ui/ActionDialog';
import { AmountInput } from '../../../ui/AmountInput';
import { amountError, amountText } from '../../../ui/amounts';
import { shortText } from '../../../ui/CopyText';
import { serverFieldErrors } from '../../../ui/formErrors';
import { monoInput } from '../../../ui/inputStyles';
import { formatMoney } from '../../../ui/Money';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import { createDeposit, type NewDeposit } from '../api/depositsApi';
import { DEPOSITS_NS } from '../i18n';

interface DepositFormProps {
  userId: number;
  currency: 'BEP20' | 'TRC20';
  /** BEP20: the EVM chain the transfer was sent on (sent as chain_id, named with networkName). */
  chainId?: number | undefined;
  /** False when the chain has no receiving address: nothing may be sent then. */
  enabled: boolean;
}

/** The member reports a transfer they made: amount, network and transaction hash. Credited once verified. */
export function DepositForm({ userId, currency, chainId, enabled }: DepositFormProps) {
  const { t } = useT(DEPOSITS_NS);
  const invalidate = useInvalidateMoney();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { amount: '', hash: '' },
    validate: {
      amount: (v) => amountError(v),
      // The contract's check (TxHash), without loading zod and every contract with the page.
      hash: (v) =>
        TX_HASH_PATTERN.test(v.trim())
          ? null
          : serverText(TX_HASH_MESSAGE) || tr(`${DEPOSITS_NS}:form.hashRequired`),
    },
  });
  const action = useConfirmedAction({
    run: (body: NewDeposit, key) => createDeposit(body, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      form.reset();
      invalidate();
    },
    onError: (error) => form.setErrors(serverFieldErrors(error)),
  });

  const onSubmit = form.onSubmit((values) => {
    action.open({
      user_id: userId,
      amount: amountText(values.amount),
      currency,
      hash: values.hash.trim(),
      ...(currency === 'BEP20' && chainId !== undefined ? { chain_id: chainId } : {}),
    });
  });

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label={t('form.form')}>
        <Stack gap="sm">
          <AmountInput
            label={t('form.amount')}
            description={t('form.amountHint')}
            key={form.key('amount')}
            {...form.getInputProps('amount')}
            disabled={!enabled}
          />
          <TextInput
            label={t('form.hash')}
            description={t('form.hashHint')}
            placeholder={currency === 'BEP20' ? '0x…' : t('form.hashPlaceholderTron')}
            styles={monoInput}
            spellCheck={false}
            autoComplete="off"
            key={form.key('hash')}
            {...form.getInputProps('hash')}
            disabled={!enabled}
          />
          <Alert variant="light" color="indigo" icon={<IconInfoCircle size={18} />}>
            {t('form.info')}
          </Alert>
          <Button type="submit" disabled={!enabled}>
            {t('form.submit')}
          </Button>
        </Stack>
      </form>
      <ActionDialog action={action} title={t('form.confirmTitle')} confirmLabel={t('form.submit')}>
        {action.payload !== null && (
          <Stack gap={4}>
            <Text>
              <RichText
                text={t('form.confirm')}
                components={{
                  amount: <b>{formatMoney(action.payload.amount)}</b>,
                  network: <b>{networkName(action.payload.currency, action.payload.chain_id)}</b>,
                }}
              />
            </Text>
            <Text size="sm" c="dimmed">
              <RichText
                text={t('form.confirmHash')}
                components={{
                  hash: (
                    <span style={{ fontFamily: 'monospace' }}>{shortText(action.payload.hash, 10, 8)}</span>
                  ),
                }}
              />
            </Text>
            <Text size="sm" c="dimmed">
              {t('form.confirmNothing')}
            </Text>
          </Stack>
        )}
      </ActionDialog>
    </>
  );
}
