import { Checkbox, Stack, Text, Textarea } from '@mantine/core';
import type { DepositRecord } from '@sgx/contracts';
import { useState } from 'react';
import { ActionDialog } from '../../../ui/ActionDialog';
import { AmountInput } from '../../../ui/AmountInput';
import { amountError, amountText, compareAmounts } from '../../../ui/amounts';
import { shortText } from '../../../ui/CopyText';
import { formatMoney, plainDecimal } from '../../../ui/Money';
import type { ConfirmedAction } from '../../../ui/useConfirmedAction';
import { depositNetwork } from '../depositText';
import { OwnershipNotice, ownershipWarnings } from './DepositOwnership';

export interface DepositDecisionRequest {
  deposit: DepositRecord;
  status: 'complete' | 'decline';
  amount?: string;
  note?: string;
}

/** Admin approval (optionally crediting what the chain shows, with a note) or decline of a pending deposit. */
export function DepositDecisionDialog({ action }: { action: ConfirmedAction<DepositDecisionRequest> }) {
  const request = action.payload;
  return (
    <ActionDialogBody
      key={request === null ? 'none' : `${request.deposit.id}:${request.status}`}
      action={action}
    />
  );
}

function ActionDialogBody({ action }: { action: ConfirmedAction<DepositDecisionRequest> }) {
  const request = action.payload;
  const [amount, setAmount] = useState(request ? plainDecimal(request.deposit.amount) : '');
  const [note, setNote] = useState('');
  const approving = request?.status === 'complete';
  const amountProblem = approving ? amountError(amount) : null;
  const differs =
    approving &&
    amountProblem === null &&
    request !== null &&
    compareAmounts(amount, request.deposit.amount) !== 0;
  const noteMissing = differs && note.trim() === '';
  // Crediting what the chain says someone else sent, or a hash others reported too, is confirmed on purpose.
  const warned = approving && request !== null && ownershipWarnings(request.deposit).length > 0;
  const [checked, setChecked] = useState(false);
  const uncheckedWarning = warned && !checked;

  const confirm = () => {
    if (request === null || amountProblem !== null || noteMissing || uncheckedWarning) return;
    action.confirm({
      ...request,
      ...(approving ? { amount: amountText(amount) } : {}),
      ...(note.trim() !== '' ? { note: note.trim() } : {}),
    });
  };

  return (
    <ActionDialog
      action={action}
      title={approving ? 'Approve deposit' : 'Decline deposit'}
      confirmLabel={approving ? 'Approve and credit' : 'Decline deposit'}
      color={approving ? 'teal' : 'red'}
      confirmDisabled={amountProblem !== null || noteMissing || uncheckedWarning}
      onConfirm={confirm}
    >
      {request !== null && (
        <Stack gap="sm">
          <Text size="sm">
            Deposit #{request.deposit.id} by <b>{request.deposit.username}</b> (#{request.deposit.user_id}):{' '}
            <b>{formatMoney(request.deposit.amount)}</b> on {depositNetwork(request.deposit)}, hash{' '}
            <span style={{ fontFamily: 'monospace' }}>{shortText(request.deposit.hash, 10, 8)}</span>.
          </Text>
          <OwnershipNotice deposit={request.deposit} />
          {approving ? (
            <>
              <AmountInput
                label="Amount to credit"
                description="What the chain shows arrived. Change it only if it differs from the request."
                value={amount}
                onChange={(e) => setAmount(e.currentTarget.value)}
                error={amount === '' ? null : amountProblem}
                data-autofocus
              />
              <Text size="sm">
                {amountProblem === null
                  ? `${formatMoney(amountText(amount))} will be credited to the member's Business Balance.`
                  : 'Enter the amount to credit.'}
              </Text>
            </>
          ) : (
            <Text size="sm">
              Nothing is credited. The member sees the deposit as declined, with your note.
            </Text>
          )}
          <Textarea
            label={differs ? 'Note (required: say why the amount differs)' : 'Note (optional)'}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            error={noteMissing ? 'Say why the credited amount differs from the request.' : null}
          />
          {warned && (
            <Checkbox
              label={`I checked that ${request.deposit.username} sent this transaction and no one else is owed it.`}
              checked={checked}
              onChange={(e) => setChecked(e.currentTarget.checked)}
            />
          )}
        </Stack>
      )}
    </ActionDialog>
  );
}
