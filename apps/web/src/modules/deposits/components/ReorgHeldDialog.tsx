import { Alert, Stack, Text, Textarea } from '@mantine/core';
import type { ReorgDepositRecord } from '@sgx/contracts';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { ActionDialog } from '../../../ui/ActionDialog';
import { memberLabel } from '../../../ui/MemberName';
import { formatMoney } from '../../../ui/Money';
import type { ConfirmedAction } from '../../../ui/useConfirmedAction';
import { DEPOSITS_NS } from '../i18n';

export interface ReorgResolveRequest {
  deposit: ReorgDepositRecord;
  action: 'reverse' | 'release';
  reason: string;
}

/**
 * Confirms an admin's resolution of a deposit held after a chain reorganisation (decision 0028), with a reason:
 * Reverse takes the held amount off the books; Release returns it, only if the chain shows the transfer again.
 */
export function ReorgHeldDialog({ action }: { action: ConfirmedAction<ReorgResolveRequest> }) {
  const r = action.payload;
  return <DialogBody key={r === null ? 'none' : `${r.deposit.id}:${r.action}`} action={action} />;
}

function DialogBody({ action }: { action: ConfirmedAction<ReorgResolveRequest> }) {
  const { t } = useT(DEPOSITS_NS);
  const request = action.payload;
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = reason.trim().length < 3 ? t('reorg.reasonShort') : null;
  const reverse = request?.action !== 'release';
  const d = request?.deposit;
  return (
    <ActionDialog
      action={action}
      title={reverse ? t('reorg.reverseTitle') : t('reorg.releaseTitle')}
      confirmLabel={reverse ? t('reorg.reverse') : t('reorg.release')}
      color={reverse ? 'red' : 'teal'}
      confirmDisabled={touched && problem !== null}
      onConfirm={() => {
        setTouched(true);
        if (request === null || problem !== null) return;
        action.confirm({ ...request, reason: reason.trim() });
      }}
    >
      {d !== undefined && (
        <Stack gap="sm">
          <Text size="sm">
            {t('reorg.summary', {
              id: d.id,
              member: memberLabel(d),
              credited: formatMoney(d.credited_amount),
              held: formatMoney(d.held_amount),
            })}
          </Text>
          {reverse ? (
            <Text size="sm">{t('reorg.reverseText', { held: formatMoney(d.held_amount) })}</Text>
          ) : (
            <Text size="sm">{t('reorg.releaseText', { held: formatMoney(d.held_amount) })}</Text>
          )}
          {d.shortfall !== '0.00000000' && (
            <Alert color="yellow" variant="light">
              {t('reorg.shortfall', { amount: formatMoney(d.shortfall) })}
            </Alert>
          )}
          <Textarea
            label={t('reorg.reason')}
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={touched ? problem : null}
          />
        </Stack>
      )}
    </ActionDialog>
  );
}
