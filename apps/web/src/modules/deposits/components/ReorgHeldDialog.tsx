import { Alert, Stack, Text, Textarea } from '@mantine/core';
import type { ReorgDepositRecord } from '@sgx/contracts';
import { useState } from 'react';
import { ActionDialog } from '../../../ui/ActionDialog';
import { memberLabel } from '../../../ui/MemberName';
import { formatMoney } from '../../../ui/Money';
import type { ConfirmedAction } from '../../../ui/useConfirmedAction';

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
  const request = action.payload;
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = reason.trim().length < 3 ? 'Say why (at least 3 characters).' : null;
  const reverse = request?.action !== 'release';
  const d = request?.deposit;
  return (
    <ActionDialog
      action={action}
      title={reverse ? 'Reverse held deposit' : 'Release held deposit'}
      confirmLabel={reverse ? 'Reverse' : 'Release'}
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
            Deposit #{d.id} of {memberLabel(d)}: {formatMoney(d.credited_amount)} credited,{' '}
            {formatMoney(d.held_amount)} held.
          </Text>
          {reverse ? (
            <Text size="sm">
              {formatMoney(d.held_amount)} leaves the member's account and the platform's books: the chain
              never paid this deposit. The member is told.
            </Text>
          ) : (
            <Text size="sm">
              The server reads the chain now: only if it shows the transfer again with its confirmations does{' '}
              {formatMoney(d.held_amount)} go back to the member's deposit wallet.
            </Text>
          )}
          {d.shortfall !== '0.00000000' && (
            <Alert color="yellow" variant="light">
              {formatMoney(d.shortfall)} of it had already been spent and was not held: recover it separately.
            </Alert>
          )}
          <Textarea
            label="Reason"
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
