import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { ActionDialog } from '../../../ui/ActionDialog';
import { monoInput } from '../../../ui/inputStyles';
import { formatMoney } from '../../../ui/Money';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import { redeemCode } from '../api/codesApi';
import { CODES_NS } from '../i18n';

/** POST /codes/redeem: a one-time code's value goes to the Business Balance. */
export function RedeemCodeForm() {
  const { t } = useT(CODES_NS);
  const invalidate = useInvalidateMoney();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = code.trim();
  const problem = trimmed.length < 4 || trimmed.length > 40 ? t('redeem.invalid') : null;
  const action = useConfirmedAction({
    run: (value: string, key) => redeemCode(value, key),
    onSuccess: (res) => {
      toast.success(`${serverText(res.message)} (${formatMoney(res.amount)})`);
      setCode('');
      setTouched(false);
      invalidate();
    },
  });
  return (
    <Stack gap="sm">
      <TextInput
        label={t('redeem.code')}
        placeholder={t('redeem.placeholder')}
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
          {t('redeem.submit')}
        </Button>
      </Group>
      <ActionDialog action={action} title={t('redeem.confirmTitle')} confirmLabel={t('redeem.confirmLabel')}>
        {action.payload !== null && (
          <Text>
            <RichText
              text={t('redeem.confirm')}
              components={{ code: <b style={{ fontFamily: 'monospace' }}>{action.payload}</b> }}
            />
          </Text>
        )}
      </ActionDialog>
    </Stack>
  );
}
