import { Alert, Stack, Text, Textarea } from '@mantine/core';
import { networkLabel } from '@sgx/chain/names';
import type { WithdrawalRecord } from '@sgx/contracts';
import { useState } from 'react';
import { ActionDialog } from '../../../ui/ActionDialog';
import { formatMoney } from '../../../ui/Money';
import type { ConfirmedAction } from '../../../ui/useConfirmedAction';
import { RiskSignals } from '../../risk/RiskSignals';
import { kindLabels, kindSources } from '../api/withdrawalsApi';

export interface Decision {
  withdrawal: WithdrawalRecord;
  status: 'complete' | 'decline';
  note?: string;
}

/**
 * Complete (mark as paid) or decline a pending request, with the risk signals of the request on screen. A large
 * completion the API keeps for a second admin shows as waiting (ActionDialog).
 */
export function DecisionDialog({ action }: { action: ConfirmedAction<Decision> }) {
  const [note, setNote] = useState('');
  const d = action.payload;
  const completing = d?.status === 'complete';
  return (
    <ActionDialog
      action={action}
      title={completing ? 'Complete withdrawal' : 'Decline withdrawal'}
      confirmLabel={completing ? 'Mark as paid' : 'Decline'}
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
            {kindLabels[d.withdrawal.kind]} withdrawal #{d.withdrawal.id} of <b>{d.withdrawal.username}</b> (#
            {d.withdrawal.user_id}): {formatMoney(d.withdrawal.amount)}, fee {formatMoney(d.withdrawal.fee)},
            net <b>{formatMoney(d.withdrawal.net)}</b>.
          </Text>
          {completing ? (
            <Alert color="teal" variant="light">
              Send {formatMoney(d.withdrawal.net)} as{' '}
              {networkLabel(d.withdrawal.currency, d.withdrawal.payout?.chain_id)} to{' '}
              <span style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{d.withdrawal.address}</span>,
              then mark it as paid. The fee is booked as revenue
              {d.withdrawal.kind === 'principal' ? ' and the member’s plan ends' : ''}.
            </Alert>
          ) : (
            <Text size="sm">
              The gross {formatMoney(d.withdrawal.amount)} goes back to{' '}
              {d.withdrawal.kind === 'principal'
                ? 'the member’s plan'
                : kindSources[d.withdrawal.kind].replace('your', 'the member’s')}
              .
            </Text>
          )}
          <RiskSignals withdrawalId={d.withdrawal.id} />
          <Textarea
            label="Note (optional)"
            description={
              completing ? 'e.g. the payout transaction hash' : 'Why it is declined; the member sees it.'
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
