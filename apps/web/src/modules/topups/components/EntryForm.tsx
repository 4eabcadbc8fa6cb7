import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { Recipient } from '@sgx/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ActionDialog } from '../../../ui/ActionDialog';
import { formatMoney } from '../../../ui/Money';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import { useRecipientLookup } from '../api/recipientApi';
import { payEntry } from '../api/topupsApi';
import { RecipientInput, recipientName, recipientTextError } from './RecipientInput';

/** Whose account the fee activates: yours, or another member's named before the confirm (issue 22). */
type Payee = { id: number; other?: Recipient };

/** POST /topup/entry: pays the account activation fee so an account becomes active without a plan. */
export function EntryForm({ userId, balance }: { userId: number; balance: string | undefined }) {
  const invalidate = useInvalidateMoney();
  const [who, setWho] = useState('self');
  const [member, setMember] = useState('');
  const [error, setError] = useState<string | null>(null);
  const recipient = useRecipientLookup(who === 'self' ? '' : member, 'friend');
  const action = useConfirmedAction({
    run: (p: Payee, key) => payEntry({ id: p.id, userby_id: userId }, key),
    onSuccess: (res) => {
      toast.success(`${res.message}: ${formatMoney(res.topup.amount)} paid.`);
      setMember('');
      setError(null);
      invalidate();
    },
  });
  const submit = async () => {
    if (who === 'self') {
      action.open({ id: userId });
      return;
    }
    const problem = recipientTextError(member);
    if (problem !== null) {
      setError(problem);
      return;
    }
    const found = await recipient.resolve();
    if ('message' in found) setError(found.message);
    else action.open({ id: found.recipient.id, other: found.recipient });
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        An account becomes active (without a plan) once its activation fee is paid. The fee is set by the
        platform and taken from your Business Balance.
      </Text>
      <SegmentedControl
        data={[
          { value: 'self', label: 'My account' },
          { value: 'other', label: 'Another member' },
        ]}
        value={who}
        onChange={setWho}
        aria-label="Account to activate"
        w={{ base: '100%', xs: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
      />
      {who === 'other' && (
        <RecipientInput
          label="Member"
          lookup={recipient.lookup}
          value={member}
          onChange={(e) => {
            setMember(e.currentTarget.value);
            setError(null);
          }}
          error={error ?? undefined}
          maw={360}
        />
      )}
      <Group justify="flex-end">
        <Button onClick={() => void submit()}>Pay activation fee</Button>
      </Group>
      <ActionDialog action={action} title="Activate account" confirmLabel="Pay fee">
        {action.payload !== null && (
          <Stack gap="xs">
            <Text>
              Pay the account activation fee for{' '}
              <b>
                {action.payload.other === undefined ? 'your account' : recipientName(action.payload.other)}
              </b>{' '}
              from your Business Balance ({formatMoney(balance)})?
            </Text>
            <Text size="sm" c="dimmed">
              The platform sets the fee; the amount paid is shown once it is done.
            </Text>
          </Stack>
        )}
      </ActionDialog>
    </Stack>
  );
}
