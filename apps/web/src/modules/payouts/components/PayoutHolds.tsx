import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { PayoutAddressChange } from '@sgx/contracts';
import { IconAlertTriangle, IconClockHour4 } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../app/apiError';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { formatDateTime } from '../../../ui/format';
import { useCancelPayoutChange } from '../api/payoutAddressApi';

const mono = { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } as const;

/**
 * One banner per change still in its hold: when withdrawals to the new address are possible, who made it,
 * a warning when another member uses the address, and Cancel change (confirmed).
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
  if (pending.length === 0) return null;
  return (
    <Stack gap="xs">
      {pending.map((c) => (
        <Alert
          key={c.id}
          color="yellow"
          icon={<IconClockHour4 size={18} />}
          title={`${c.currency} payout address change on hold`}
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
              <Button size="compact-sm" variant="light" color="red" onClick={() => setAsked(c)}>
                Cancel change
              </Button>
            </Group>
          </Stack>
        </Alert>
      ))}
      {cancel.isError && (
        <Text size="sm" c="red" role="alert">
          {errorMessage(cancel.error)}
        </Text>
      )}
      <ConfirmDialog
        opened={asked !== null}
        onCancel={() => setAsked(null)}
        loading={cancel.isPending}
        confirmLabel="Cancel change"
        message={
          asked === null
            ? ''
            : `Cancel this change of your ${asked.currency} payout address? ${
                asked.old_address === null
                  ? 'You will have no address for it again.'
                  : `It goes back to ${asked.old_address}.`
              }`
        }
        onConfirm={() => {
          if (asked === null) return;
          cancel.mutate(asked.id, {
            onSuccess: (res) => onCancelled(res.message),
            onSettled: () => setAsked(null),
          });
        }}
      />
    </Stack>
  );
}
