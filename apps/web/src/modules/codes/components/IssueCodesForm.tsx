import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatUnits, parseUnits } from '@sgx/money';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
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
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import { type Code, issueCodes } from '../api/codesApi';
import { CODES_NS } from '../i18n';

function total(count: number, amount: string): string {
  try {
    return formatUnits(parseUnits(amount) * BigInt(count));
  } catch {
    return '0';
  }
}

/** Admin: issues one-time codes of a value; the new codes are shown once, ready to copy. */
export function IssueCodesForm() {
  const { t } = useT(CODES_NS);
  const invalidate = useInvalidateMoney();
  const [issued, setIssued] = useState<Code[]>([]);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { count: '1', amount: '' },
    validate: {
      count: (v) =>
        /^\d{1,3}$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= 500 ? null : t('issue.countRange'),
      amount: (v) => amountError(v),
    },
  });
  const action = useConfirmedAction({
    run: (body: { count: number; amount: string }, key) => issueCodes(body, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      setIssued(res.codes);
      form.reset();
      invalidate();
    },
    onError: (error) => form.setErrors(serverFieldErrors(error)),
  });
  const onSubmit = form.onSubmit((v) =>
    action.open({ count: Number(v.count.trim()), amount: amountText(v.amount) }),
  );
  const allCodes = issued.map((c) => c.code).join('\n');

  return (
    <Stack gap="sm">
      <form onSubmit={onSubmit} noValidate aria-label={t('issue.form')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ alignItems: 'end' }}>
          <TextInput
            label={t('issue.count')}
            inputMode="numeric"
            key={form.key('count')}
            {...form.getInputProps('count')}
          />
          <AmountInput label={t('issue.amount')} key={form.key('amount')} {...form.getInputProps('amount')} />
          <Button type="submit">{t('issue.submit')}</Button>
        </SimpleGrid>
      </form>
      {issued.length > 0 && (
        <Alert
          color="teal"
          variant="light"
          title={t(issued.length === 1 ? 'issue.newOne' : 'issue.newMany', { n: issued.length })}
        >
          <Stack gap="xs">
            <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap' }} data-testid="issued-codes">
              {allCodes}
            </Text>
            <Group gap="xs">
              <CopyButton value={allCodes}>
                {({ copied, copy }) => (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  >
                    {copied ? t('issue.copied') : t('issue.copyAll')}
                  </Button>
                )}
              </CopyButton>
              <Button size="xs" variant="subtle" onClick={() => setIssued([])}>
                {t('issue.hide')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <ActionDialog action={action} title={t('issue.confirmTitle')} confirmLabel={t('issue.confirmLabel')}>
        {action.payload !== null && (
          <Text size="sm">
            <RichText
              text={t(action.payload.count === 1 ? 'issue.confirmOne' : 'issue.confirmMany')}
              components={{
                count: <b>{action.payload.count}</b>,
                amount: <b>{formatMoney(action.payload.amount)}</b>,
                total: <b>{formatMoney(total(action.payload.count, action.payload.amount))}</b>,
              }}
            />
          </Text>
        )}
      </ActionDialog>
    </Stack>
  );
}
