import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ChainConfig, SweepCandidate, SweepRecord } from '@sgx/contracts';
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
import { prepareSweep, sweepKeys } from '../api/sweepsApi';
import { SWEEPS_NS } from '../i18n';
import { type SweepForm, type SweepFormErrors, sumAmounts, sweepFormErrors } from '../sweepPlan';
import { SweepSendStep } from './SweepSendStep';

/** A new sweep of chosen addresses, or one prepared earlier whose transaction is still to be sent. */
export type SweepTarget =
  | { kind: 'new'; chain: ChainConfig; candidates: SweepCandidate[]; treasury: string }
  | { kind: 'continue'; chain: ChainConfig; sweep: SweepRecord };

/**
 * The sweep dialog: confirm (count, total, the treasury it can only go to, reason, authenticator code), then
 * send the prepared transaction and follow its status.
 */
export function SweepDialog({ target, onClose }: { target: SweepTarget | null; onClose: () => void }) {
  const flowKey =
    target === null ? '' : target.kind === 'new' ? `new-${target.chain.id}` : `sweep-${target.sweep.id}`;
  return (
    <FlowDialog
      opened={target !== null}
      title={
        target === null
          ? tr('sweeps:dialog.sweep')
          : tr('sweeps:dialog.sweepOn', { chain: target.chain.name })
      }
      flowKey={flowKey}
      onClose={onClose}
    >
      {target !== null && <SweepFlow target={target} onClose={onClose} />}
    </FlowDialog>
  );
}

function SweepFlow({ target, onClose }: { target: SweepTarget; onClose: () => void }) {
  const [sweep, setSweep] = useState<SweepRecord | null>(target.kind === 'continue' ? target.sweep : null);
  if (sweep !== null) return <SweepSendStep chain={target.chain} initial={sweep} onClose={onClose} />;
  if (target.kind !== 'new') return null;
  return <ConfirmSweep target={target} onPrepared={setSweep} onCancel={onClose} />;
}

interface ConfirmSweepProps {
  target: Extract<SweepTarget, { kind: 'new' }>;
  onPrepared: (sweep: SweepRecord) => void;
  onCancel: () => void;
}

function ConfirmSweep({ target, onPrepared, onCancel }: ConfirmSweepProps) {
  const { t } = useT(SWEEPS_NS);
  const queryClient = useQueryClient();
  const [form, setForm] = useState<SweepForm>({ reason: '', code: '' });
  const [errors, setErrors] = useState<SweepFormErrors>({});
  const [key, setKey] = useState(newIdempotencyKey);
  const { chain, candidates, treasury } = target;
  const total = sumAmounts(candidates.map((c) => c.amount));
  const prepare = useMutation({
    mutationFn: () =>
      prepareSweep(
        {
          chain_id: chain.id,
          addresses: candidates.map((c) => c.address),
          code: form.code.trim(),
          reason: form.reason.trim(),
        },
        key,
      ),
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: sweepKeys.all });
      onPrepared(res.sweep);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) {
        setErrors({ code: error.field('code') ?? serverText(error.message) });
      }
    },
  });

  // What is typed anew is a new submission (its own Idempotency-Key); a double click is not.
  const set = (field: keyof SweepForm, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setKey(newIdempotencyKey());
    if (prepare.error !== null) prepare.reset();
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = sweepFormErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    prepare.mutate();
  };

  const refused = prepare.error instanceof ApiError && prepare.error.status === 422;
  const failed = prepare.error !== null && !refused;
  return (
    <form onSubmit={submit} noValidate aria-label={t('dialog.confirm')}>
      <Stack gap="sm">
        <Text size="sm" data-testid="sweep-confirm-summary">
          <RichText
            text={t(candidates.length === 1 ? 'dialog.summaryOne' : 'dialog.summaryMany', {
              n: candidates.length,
              total: formatMoney(total),
              symbol: chain.token.symbol,
              chain: chain.name,
            })}
            components={{ b: <b /> }}
          />
        </Text>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t('dialog.goesTo')}
          </Text>
          <CopyText value={treasury} label={t('dialog.treasuryAddress')} />
        </Stack>
        <TextInput
          label={t('dialog.reason')}
          placeholder={t('dialog.reasonPlaceholder')}
          value={form.reason}
          onChange={(e) => set('reason', e.currentTarget.value)}
          error={errors.reason}
          data-autofocus
        />
        <OneTimeCodeInput
          value={form.code}
          onChange={(code) => set('code', code)}
          error={errors.code}
          description={t('dialog.codeHelp')}
          maw={260}
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
