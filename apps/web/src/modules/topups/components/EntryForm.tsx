import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ActionDialog } from '../../../ui/ActionDialog';
import { formatMoney } from '../../../ui/Money';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import { payEntry } from '../api/topupsApi';
import { memberIdError } from './shared';

/** POST /topup/entry: pays the account activation fee so an account becomes active without a plan. */
export function EntryForm({ userId, balance }: { userId: number; balance: string | undefined }) {
  const invalidate = useInvalidateMoney();
  const [who, setWho] = useState('self');
  const [member, setMember] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = who === 'self' ? null : memberIdError(member);
  const action = useConfirmedAction({
    run: (id: number, key) => payEntry({ id, userby_id: userId }, key),
    onSuccess: (res) => {
      toast.success(`${res.message}: ${formatMoney(res.topup.amount)} paid.`);
      setMember('');
      setTouched(false);
      invalidate();
    },
  });
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
        <TextInput
          label="Member ID"
          inputMode="numeric"
          placeholder="e.g. 42"
          value={member}
          onChange={(e) => {
            setMember(e.currentTarget.value);
            setTouched(true);
          }}
          error={touched ? problem : null}
          maw={320}
        />
      )}
      <Group justify="flex-end">
        <Button
          onClick={() => {
            setTouched(true);
            if (problem === null) action.open(who === 'self' ? userId : Number(member.trim()));
          }}
        >
          Pay activation fee
        </Button>
      </Group>
      <ActionDialog action={action} title="Activate account" confirmLabel="Pay fee">
        {action.payload !== null && (
          <Stack gap="xs">
            <Text>
              Pay the account activation fee for{' '}
              <b>{action.payload === userId ? 'your account' : `member #${action.payload}`}</b> from your
              Business Balance ({formatMoney(balance)})?
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
