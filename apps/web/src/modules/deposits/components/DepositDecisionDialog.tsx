import { Checkbox, Stack, Text, Textarea } from '@mantine/core';
import type { DepositRecord } from '@sgx/contracts';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { ActionDialog } from '../../../ui/ActionDialog';
import { AmountInput } from '../../../ui/AmountInput';
import { amountError, amountText, compareAmounts } from '../../../ui/amounts';
import { shortText } from '../../../ui/CopyText';
import { formatMoney, plainDecimal } from '../../../ui/Money';
import type { ConfirmedAction } from '../../../ui/useConfirmedAction';
import { depositNetwork } from '../depositText';
import { DEPOSITS_NS } from '../i18n';
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
  const { t } = useT(DEPOSITS_NS);
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
      title={approving ? t('decision.approveTitle') : t('decision.declineTitle')}
      confirmLabel={approving ? t('decision.approveConfirm') : t('decision.declineConfirm')}
      color={approving ? 'teal' : 'red'}
      confirmDisabled={amountProblem !== null || noteMissing || uncheckedWarning}
      onConfirm={confirm}
    >
      {request !== null && (
        <Stack gap="sm">
          <Text size="sm">
            <RichText
              text={t('decision.summary', {
                id: request.deposit.id,
                userId: request.deposit.user_id,
                network: depositNetwork(request.deposit),
              })}
              components={{
                user: <b>{request.deposit.username}</b>,
                amount: <b>{formatMoney(request.deposit.amount)}</b>,
                hash: (
                  <span style={{ fontFamily: 'monospace' }}>{shortText(request.deposit.hash, 10, 8)}</span>
                ),
              }}
            />
          </Text>
          <OwnershipNotice deposit={request.deposit} />
          {approving ? (
            <>
              <AmountInput
                label={t('decision.amount')}
                description={t('decision.amountHint')}
                value={amount}
                onChange={(e) => setAmount(e.currentTarget.value)}
                error={amount === '' ? null : amountProblem}
                data-autofocus
              />
              <Text size="sm">
                {amountProblem === null
                  ? t('decision.willCredit', { amount: formatMoney(amountText(amount)) })
                  : t('decision.enterAmount')}
              </Text>
            </>
          ) : (
            <Text size="sm">{t('decision.declineNote')}</Text>
          )}
          <Textarea
            label={differs ? t('decision.noteRequired') : t('decision.noteOptional')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            error={noteMissing ? t('decision.noteMissing') : null}
          />
          {warned && (
            <Checkbox
              label={t('decision.checked', { username: request.deposit.username })}
              checked={checked}
              onChange={(e) => setChecked(e.currentTarget.checked)}
            />
          )}
        </Stack>
      )}
    </ActionDialog>
  );
}
