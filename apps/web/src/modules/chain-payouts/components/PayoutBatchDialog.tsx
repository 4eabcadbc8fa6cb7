import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { PayoutBatchRecord, PayoutChain, PayoutQueueItem } from '@sgx/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../app/apiError';
import { tr, useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { ApiErrorAlert, isRetryable } from '../../../ui/ApiErrorAlert';
import { CopyText } from '../../../ui/CopyText';
import { FlowDialog } from '../../../ui/FlowDialog';
import { newIdempotencyKey } from '../../../ui/idempotency';
import { formatMoney } from '../../../ui/Money';
import { OneTimeCodeInput } from '../../auth/components/OneTimeCodeInput';
import { codeProblem } from '../../auth/twoFactorText';
import { sumAmounts } from '../../sweeps/sweepPlan';
import { payoutKeys, preparePayoutBatch } from '../api/chainPayoutsApi';
import { CHAIN_PAYOUTS_NS } from '../i18n';
import { PayoutSendStep } from './PayoutSendStep';

/** New payouts to batch, or a batch prepared earlier (to send, or to follow until paid). */
export type PayoutTarget =
  | { kind: 'new'; chain: PayoutChain; payouts: PayoutQueueItem[] }
  | { kind: 'open'; batch: PayoutBatchRecord };

/**
 * The payout dialog: confirm (count, total, chain, token, contract, the authenticator code), then send the
 * prepared batch (the token allowance first when the wallet lacks it) and follow it until paid.
 */
export function PayoutBatchDialog({ target, onClose }: { target: PayoutTarget | null; onClose: () => void }) {
  const title =
    target === null
      ? tr('chainPayouts:dialog.payOnChain')
      : target.kind === 'new'
        ? tr('chainPayouts:dialog.payOn', { chain: target.chain.name })
        : tr('chainPayouts:dialog.batch', { id: target.batch.id });
  const flowKey =
    target === null
      ? ''
      : target.kind === 'new'
        ? `new-${target.chain.chain_id}`
        : `batch-${target.batch.id}`;
  return (
    <FlowDialog opened={target !== null} title={title} flowKey={flowKey} onClose={onClose}>
      {target !== null && <PayoutFlow target={target} onClose={onClose} />}
    </FlowDialog>
  );
}

function PayoutFlow({ target, onClose }: { target: PayoutTarget; onClose: () => void }) {
  const [batch, setBatch] = useState<PayoutBatchRecord | null>(target.kind === 'open' ? target.batch : null);
  if (batch !== null) return <PayoutSendStep initial={batch} onClose={onClose} />;
  if (target.kind !== 'new') return null;
  return <ConfirmPayouts target={target} onPrepared={setBatch} onCancel={onClose} />;
}

interface ConfirmPayoutsProps {
  target: Extract<PayoutTarget, { kind: 'new' }>;
  onPrepared: (batch: PayoutBatchRecord) => void;
  onCancel: () => void;
}

function ConfirmPayouts({ target, onPrepared, onCancel }: ConfirmPayoutsProps) {
  const { t } = useT(CHAIN_PAYOUTS_NS);
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [payer, setPayer] = useState('');
  const [payerError, setPayerError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [key, setKey] = useState(newIdempotencyKey);
  const { chain, payouts } = target;
  const total = sumAmounts(payouts.map((p) => p.net));
  const prepare = useMutation({
    mutationFn: () =>
      preparePayoutBatch(
        {
          chain_id: chain.chain_id,
          withdrawal_ids: payouts.map((p) => p.withdrawal_id),
          code: code.trim(),
          payer: payer.trim(),
        },
        key,
      ),
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
      onPrepared(res.batch);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 422)
        setError(err.field('code') ?? serverText(err.message));
      if (err instanceof ApiError && err.status === 400 && err.field('payer'))
        setPayerError(serverText(err.field('payer') ?? err.message));
    },
  });

  // A new code is a new submission (its own Idempotency-Key); a double click is not.
  const change = (value: string) => {
    setCode(value);
    setError(undefined);
    setKey(newIdempotencyKey());
    if (prepare.error !== null) prepare.reset();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = codeProblem(code.trim(), false);
    setError(problem ?? undefined);
    const noPayer = payer.trim() === '' ? t('dialog.payerMissing') : undefined;
    setPayerError(noPayer);
    if (problem === null && noPayer === undefined) prepare.mutate();
  };

  const refused = prepare.error instanceof ApiError && prepare.error.status === 422;
  const failed = prepare.error !== null && !refused;
  const n = payouts.length;
  return (
    <form onSubmit={submit} noValidate aria-label={t('dialog.confirm')}>
      <Stack gap="sm">
        <Text size="sm" data-testid="payout-confirm-summary">
          <RichText
            text={t(n === 1 ? 'dialog.summaryOne' : 'dialog.summaryMany', {
              n,
              total: formatMoney(total),
              symbol: chain.token.symbol,
              chain: chain.name,
            })}
            components={{ b: <b /> }}
          />
        </Text>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t('dialog.through')}
          </Text>
          {chain.contract !== null && (
            <CopyText value={chain.contract} label={tr('chainPayouts:panel.contractAddress')} />
          )}
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t('send.token', { symbol: chain.token.symbol })}
          </Text>
          <CopyText value={chain.token.address} label={t('send.tokenAddress')} />
        </Stack>
        <TextInput
          label={t('dialog.payer')}
          description={t('dialog.payerHelp')}
          required
          value={payer}
          onChange={(e) => {
            setPayer(e.currentTarget.value);
            setPayerError(undefined);
            setKey(newIdempotencyKey());
            if (prepare.error !== null) prepare.reset();
          }}
          error={payerError}
          autoComplete="off"
          spellCheck={false}
          ff="monospace"
        />
        <OneTimeCodeInput
          value={code}
          onChange={change}
          error={error}
          description={t('dialog.codeHelp')}
          maw={260}
          data-autofocus
        />
        {failed && <ApiErrorAlert error={prepare.error} title={t('dialog.notPrepared')} />}
        <Alert color="gray" variant="light">
          <Text size="sm">{chain.network === 'EVM' ? t('dialog.nextEvm') : t('dialog.nextTron')}</Text>
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={prepare.isPending}>
            {t('dialog.back')}
          </Button>
          <Button type="submit" loading={prepare.isPending} disabled={failed && !isRetryable(prepare.error)}>
            {failed && isRetryable(prepare.error) ? t('dialog.tryAgain') : t('dialog.prepare')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
