import { Alert, Stack, Text, Textarea } from '@mantine/core';
import { networkLabel } from '@sgx/chain/names';
import type { WithdrawalRecord } from '@sgx/contracts';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { ActionDialog } from '../../../ui/ActionDialog';
import { formatMoney } from '../../../ui/Money';
import type { ConfirmedAction } from '../../../ui/useConfirmedAction';
import { RiskSignals } from '../../risk/RiskSignals';
import { kindLabel, kindSource } from '../api/withdrawalsApi';
import { WITHDRAWALS_NS } from '../i18n';

export interface Decision {
  withdrawal: WithdrawalRecord;
  status: 'complete' | 'decline';
  note?: string;
}

/**
 * Complete or decline a pending request, with the risk signals of the request on screen. Completing says what the
 * server will do (decision 0054, the row's `payout_method`): where a payout contract pays the network, approve it for a
 * batch under "Pay on chain" (never send it by hand); elsewhere send it by hand, then mark it as paid. The way shown
 * goes with the decision and the server refuses it if it pays the other way. A large completion the API keeps for a
 * second admin shows as waiting (ActionDialog).
 */
export function DecisionDialog({ action }: { action: ConfirmedAction<Decision> }) {
  const { t } = useT(WITHDRAWALS_NS);
  const [note, setNote] = useState('');
  const d = action.payload;
  const completing = d?.status === 'complete';
  const onChain = d?.withdrawal.payout_method === 'chain';
  return (
    <ActionDialog
      action={action}
      title={
        !completing
          ? t('decision.declineTitle')
          : onChain
            ? t('decision.approveTitle')
            : t('decision.completeTitle')
      }
      confirmLabel={
        !completing ? t('decision.decline') : onChain ? t('decision.approve') : t('decision.markPaid')
      }
      color={completing ? 'teal' : 'red'}
      onConfirm={() => {
        if (d === null) return;
        const trimmed = note.trim();
        action.confirm({
          withdrawal: d.withdrawal,
          status: d.status,
          ...(trimmed !== '' ? { note: trimmed } : {}),
        });
      }}
    >
      {d !== null && (
        <Stack gap="sm">
          <Text size="sm">
            <RichText
              text={t('decision.summary', {
                kind: kindLabel(d.withdrawal.kind),
                id: d.withdrawal.id,
                userId: d.withdrawal.user_id,
                amount: formatMoney(d.withdrawal.amount),
                fee: formatMoney(d.withdrawal.fee),
              })}
              components={{
                user: <b>{d.withdrawal.username}</b>,
                net: <b>{formatMoney(d.withdrawal.net)}</b>,
              }}
            />
          </Text>
          {completing ? (
            <Alert color="teal" variant="light" data-testid="withdrawal-payout-method">
              <RichText
                text={t(
                  `decision.${onChain ? 'onChain' : 'send'}${d.withdrawal.kind === 'principal' ? 'Principal' : ''}`,
                  {
                    net: formatMoney(d.withdrawal.net),
                    network: networkLabel(d.withdrawal.currency, d.withdrawal.payout?.chain_id),
                  },
                )}
                components={{
                  address: (
                    <span style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                      {d.withdrawal.address}
                    </span>
                  ),
                }}
              />
            </Alert>
          ) : (
            <Text size="sm">
              {t('decision.goesBack', {
                amount: formatMoney(d.withdrawal.amount),
                source: kindSource(d.withdrawal.kind, true),
              })}
            </Text>
          )}
          <RiskSignals withdrawalId={d.withdrawal.id} />
          <Textarea
            label={t('decision.note')}
            description={
              !completing
                ? t('decision.noteDecline')
                : onChain
                  ? t('decision.noteApprove')
                  : t('decision.noteComplete')
            }
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
          />
        </Stack>
      )}
    </ActionDialog>
  );
}
