import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { addressKind } from '@sgx/chain/names';
import type { PayoutAddressChange } from '@sgx/contracts';
import { IconAlertTriangle, IconClockHour4 } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../app/apiError';
import { ApiErrorAlert } from '../../../ui/ApiErrorAlert';
import { formatDateTime } from '../../../ui/format';
import { useCancelPayoutChange } from '../api/payoutAddressApi';

const mono = { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } as const;

/**
 * One banner per change still in its hold: when withdrawals to the new address are possible, who made it,
 * a warning when another member uses the address, and Cancel change, confirmed with the password (it puts
 * the old address back at once, so a session alone must not do it; no code is asked, so it stays quick).
 */
export function PayoutHolds({
  pending,
  onCancelled,
}: {
  pending: PayoutAddressChange[];
  onCancelled: (message: string) => void;
}) {
  const cancel = useCancelPayoutChange();
  const [asked, setAsked] = useState<PayoutAddressChange | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>(undefined);
  if (pending.length === 0) return null;

  const ask = (c: PayoutAddressChange) => {
    cancel.reset();
    setPassword('');
    setPasswordError(undefined);
    setAsked(c);
  };
  const close = () => {
    if (!cancel.isPending) setAsked(null);
  };
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (asked === null) return;
    if (password === '') {
      setPasswordError('Enter your password.');
      return;
    }
    setPasswordError(undefined);
    cancel.mutate(
      { id: asked.id, password },
      {
        onSuccess: (res) => {
          setAsked(null);
          setPassword('');
          onCancelled(res.message);
        },
        onError: (error) => {
          if (error instanceof ApiError) setPasswordError(error.field('password'));
        },
      },
    );
  };
  return (
    <Stack gap="xs">
      {pending.map((c) => (
        <Alert
          key={c.id}
          color="yellow"
          icon={<IconClockHour4 size={18} />}
          title={`${addressKind(c.currency)} payout address change on hold`}
          data-testid="payout-hold"
        >
          <Stack gap={6}>
            {c.new_address !== null ? (
              <Text size="sm">
                Withdrawals to <span style={mono}>{c.new_address}</span> possible from{' '}
                <b>{formatDateTime(c.hold_until)}</b>.
              </Text>
            ) : (
              <Text size="sm">
                The address was removed. You can undo it until <b>{formatDateTime(c.hold_until)}</b>.
              </Text>
            )}
            <Text size="sm">
              Before: {c.old_address === null ? 'no address' : <span style={mono}>{c.old_address}</span>} ·
              changed {formatDateTime(c.requested_at)}
              {c.by_admin ? ' by an administrator' : ''}. If this was not you, cancel the change and change
              your password.
            </Text>
            {c.shared && (
              <Text size="sm" fw={600} role="alert" data-testid="payout-hold-shared">
                <IconAlertTriangle size={14} style={{ verticalAlign: 'text-bottom' }} /> Another member uses
                this address as their payout address. Make sure it is yours.
              </Text>
            )}
            <Group justify="flex-end">
              <Button size="compact-sm" variant="light" color="red" onClick={() => ask(c)}>
                Cancel change
              </Button>
            </Group>
          </Stack>
        </Alert>
      ))}
      <Modal
        opened={asked !== null}
        onClose={close}
        title="Please confirm"
        centered
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <form onSubmit={confirm} noValidate aria-label="Cancel payout address change">
          <Stack gap="sm">
            <Text>
              {asked === null
                ? ''
                : `Cancel this change of your ${addressKind(asked.currency)} payout address? ${
                    asked.old_address === null
                      ? 'You will have no address for it again.'
                      : `It goes back to ${asked.old_address}.`
                  }`}
            </Text>
            <PasswordInput
              label="Your password"
              description="Needed because the address before the change can receive withdrawals at once."
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={passwordError}
              required
              data-autofocus
            />
            {cancel.isError && passwordError === undefined && <ApiErrorAlert error={cancel.error} />}
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={close} disabled={cancel.isPending}>
                Go back
              </Button>
              <Button type="submit" color="red" loading={cancel.isPending}>
                Cancel change
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
