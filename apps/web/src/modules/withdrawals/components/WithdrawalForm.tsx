import { Alert, Button, Card, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { addressKind } from '@sgx/chain/names';
import type { UserRecord, WithdrawalKind } from '@sgx/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { ActionDialog } from '../../../ui/ActionDialog';
import { AmountInput } from '../../../ui/AmountInput';
import { amountError, amountText, compareAmounts } from '../../../ui/amounts';
import { shortText } from '../../../ui/CopyText';
import { formatMoney, formatPercent, isPositiveAmount, plainDecimal } from '../../../ui/Money';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { useTwoFactorStatus } from '../../auth/api/twoFactorApi';
import { codeProblem, OneTimeCodeInput } from '../../auth/components/OneTimeCodeInput';
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import { kindLabel, kindSource, requestWithdrawal, useWithdrawalQuote } from '../api/withdrawalsApi';
import { WITHDRAWALS_NS } from '../i18n';
import { type Quote, QuoteSummary } from './QuoteSummary';

type Chain = 'BEP20' | 'TRC20';
const kinds: WithdrawalKind[] = ['working', 'roi', 'compound', 'principal'];

interface Submission {
  kind: WithdrawalKind;
  quote: Quote;
  currency: Chain;
  address: string;
  /** The authenticator code, when two-factor sign-in is on. */
  code?: string;
}

function payoutOptions(user: UserRecord): { currency: Chain; address: string }[] {
  const out: { currency: Chain; address: string }[] = [];
  if (user.bep20) out.push({ currency: 'BEP20', address: user.bep20 });
  if (user.trc20) out.push({ currency: 'TRC20', address: user.trc20 });
  return out;
}

/** Choose the kind, type the amount, see the server's quote, confirm. The gross is held at once. */
export function WithdrawalForm({ user }: { user: UserRecord }) {
  const { t } = useT(WITHDRAWALS_NS);
  const invalidate = useInvalidateMoney();
  const [kind, setKind] = useState<WithdrawalKind>('working');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const payouts = payoutOptions(user);
  const [currency, setCurrency] = useState<Chain | null>(payouts[0]?.currency ?? null);
  const payout = payouts.find((p) => p.currency === currency) ?? payouts[0];
  // With two-factor sign-in on, a withdrawal also needs a code from the app (decision 0023).
  const twoFactor = useTwoFactorStatus().data?.enabled === true;
  const [code, setCode] = useState('');
  const codeError = twoFactor ? codeProblem(code, false) : null;

  const principal = kind === 'principal';
  const typedError = principal ? null : amountError(amount);
  const [debounced] = useDebouncedValue(typedError === null && !principal ? amountText(amount) : '', 300);
  // Without an amount the quote tells what is available (for principal: the whole plan).
  const quote = useWithdrawalQuote(kind, principal ? '' : debounced);
  const current = quote.data?.kind === kind ? quote.data : undefined;
  const quoteMatches =
    current !== undefined && (principal || (debounced !== '' && current.amount === debounced));

  let problem: string | null = principal ? null : typedError;
  if (problem === null && current !== undefined) {
    const value = principal ? current.amount : amountText(amount);
    if (principal && !isPositiveAmount(current.available)) problem = t('form.noPlan');
    else if (compareAmounts(value, current.available) === 1)
      problem = t('form.tooMuch', { amount: formatMoney(current.available) });
    else if (compareAmounts(value, current.minimum) === -1)
      problem = t('form.minimum', {
        kind: kindLabel(kind).toLowerCase(),
        amount: formatMoney(current.minimum),
      });
  }

  const action = useConfirmedAction({
    run: (s: Submission, key) =>
      requestWithdrawal(
        s.kind,
        {
          user_id: user.id,
          currency: s.currency,
          ...(s.kind === 'principal' ? {} : { amount: s.quote.amount }),
          ...(s.code === undefined ? {} : { code: s.code }),
        },
        key,
      ),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      setAmount('');
      setCode('');
      setTouched(false);
      invalidate();
    },
  });

  const submit = () => {
    setTouched(true);
    if (problem !== null || !quoteMatches || current === undefined || payout === undefined) return;
    if (codeError !== null) return;
    action.open({
      kind,
      quote: current,
      currency: payout.currency,
      address: payout.address,
      ...(twoFactor ? { code } : {}),
    });
  };

  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="md">
        <SegmentedControl
          data={kinds.map((k) => ({ value: k, label: kindLabel(k) }))}
          value={kind}
          onChange={(v) => {
            setKind(kinds.find((k) => k === v) ?? 'working');
            setTouched(false);
          }}
          fullWidth
          aria-label={t('kind.aria')}
        />
        <Text size="sm" c="dimmed">
          {t('form.paidFrom', { source: kindSource(kind) })}{' '}
          {current !== undefined && (
            <RichText
              text={t('form.available')}
              components={{ b: <b data-testid="withdrawal-available">{formatMoney(current.available)}</b> }}
            />
          )}
        </Text>
        {principal ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            {current !== undefined
              ? t('form.principalNoteFee', { percent: formatPercent(current.fee_percent) })
              : t('form.principalNote')}
          </Alert>
        ) : (
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <AmountInput
              label={t('form.amount')}
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
              onClick={() => {
                if (current !== undefined) setAmount(plainDecimal(current.available));
                setTouched(true);
              }}
              disabled={current === undefined || !isPositiveAmount(current.available)}
              mb={touched && problem !== null ? 22 : 0}
            >
              {t('form.max')}
            </Button>
          </Group>
        )}
        <QuoteSummary quote={quoteMatches ? current : undefined} loading={quote.isFetching} />
        {quote.isError && (
          <Text size="sm" c="red">
            {t('form.quoteError', { reason: serverText(quote.error.message) })}
          </Text>
        )}
        {principal && problem !== null && (
          <Text size="sm" c="red">
            {problem}
          </Text>
        )}
        {payouts.length > 1 && (
          <Select
            label={t('form.payTo')}
            data={payouts.map((p) => ({
              value: p.currency,
              label: `${addressKind(p.currency)} · ${shortText(p.address, 10, 6)}`,
            }))}
            value={payout?.currency ?? null}
            onChange={(v) => setCurrency(v === 'TRC20' ? 'TRC20' : 'BEP20')}
            allowDeselect={false}
          />
        )}
        {payouts.length === 1 && payout !== undefined && (
          <Text size="sm">
            <RichText
              text={t('form.paidTo', { kind: addressKind(payout.currency) })}
              components={{
                address: (
                  <Text span ff="monospace" size="sm">
                    {shortText(payout.address, 10, 6)}
                  </Text>
                ),
              }}
            />
          </Text>
        )}
        {twoFactor && (
          <OneTimeCodeInput
            value={code}
            onChange={setCode}
            error={touched ? codeError : null}
            description={t('form.codeHint')}
            required
            maw={260}
          />
        )}
        <Group justify="flex-end">
          <Button onClick={submit} disabled={payout === undefined || (touched && problem !== null)}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
      <ActionDialog action={action} title={t('form.confirmTitle')} confirmLabel={t('form.submit')}>
        {action.payload !== null && (
          <Stack gap="xs">
            <Text>
              <RichText
                text={t('form.confirmWithdraw', { source: kindSource(action.payload.kind) })}
                components={{ amount: <b>{formatMoney(action.payload.quote.amount)}</b> }}
              />
            </Text>
            <Text size="sm">
              <RichText
                text={t('form.confirmFee', {
                  fee: formatMoney(action.payload.quote.fee),
                  percent: formatPercent(action.payload.quote.fee_percent),
                  kind: addressKind(action.payload.currency),
                })}
                components={{
                  net: <b>{formatMoney(action.payload.quote.net)}</b>,
                  address: (
                    <span style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                      {action.payload.address}
                    </span>
                  ),
                }}
              />
            </Text>
            <Text size="sm" c="dimmed">
              {t('form.confirmHeld')}
            </Text>
          </Stack>
        )}
      </ActionDialog>
    </Card>
  );
}
