import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { addressKind } from '@sgx/chain/names';
import type { PayoutAddressChange } from '@sgx/contracts';
import { IconAlertTriangle, IconClockHour4 } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../app/apiError';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { ApiErrorAlert } from '../../../ui/ApiErrorAlert';
import { formatDateTime } from '../../../ui/format';
import { useCancelPayoutChange } from '../api/payoutAddressApi';
import { PAYOUTS_NS } from '../i18n';

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
  const { t } = useT(PAYOUTS_NS);
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
      setPasswordError(t('hold.passwordRequired'));
      return;
    }
    setPasswordError(undefined);
    cancel.mutate(
      { id: asked.id, password },
      {
        onSuccess: (res) => {
          setAsked(null);
          setPassword('');
          onCancelled(serverText(res.message));
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
          title={t('hold.title', { kind: addressKind(c.currency) })}
          data-testid="payout-hold"
        >
          <Stack gap={6}>
            {c.new_address !== null ? (
              <Text size="sm">
                <RichText
                  text={t('hold.possibleFrom')}
                  components={{
                    address: <span style={mono}>{c.new_address}</span>,
                    when: <b>{formatDateTime(c.hold_until)}</b>,
                  }}
                />
              </Text>
            ) : (
              <Text size="sm">
                <RichText
                  text={t('hold.removed')}
                  components={{ when: <b>{formatDateTime(c.hold_until)}</b> }}
                />
              </Text>
            )}
            <Text size="sm">
              <RichText
                text={t(c.by_admin ? 'hold.beforeAdmin' : 'hold.before', {
                  time: formatDateTime(c.requested_at),
                })}
                components={{
                  address:
                    c.old_address === null ? (
                      <span>{t('hold.noAddress')}</span>
                    ) : (
                      <span style={mono}>{c.old_address}</span>
                    ),
                }}
              />
            </Text>
            {c.shared && (
              <Text size="sm" fw={600} role="alert" data-testid="payout-hold-shared">
                <IconAlertTriangle size={14} style={{ verticalAlign: 'text-bottom' }} /> {t('hold.shared')}
              </Text>
            )}
            <Group justify="flex-end">
              <Button size="compact-sm" variant="light" color="red" onClick={() => ask(c)}>
                {t('hold.cancel')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ))}
      <Modal
        opened={asked !== null}
        onClose={close}
        title={t('hold.confirmTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('hold.closeDialog') }}
      >
        <form onSubmit={confirm} noValidate aria-label={t('hold.form')}>
          <Stack gap="sm">
            <Text>
              {asked === null
                ? ''
                : asked.old_address === null
                  ? t('hold.question', { kind: addressKind(asked.currency) })
                  : t('hold.questionBack', { kind: addressKind(asked.currency), address: asked.old_address })}
            </Text>
            <PasswordInput
              label={t('hold.password')}
              description={t('hold.passwordHint')}
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
                {t('hold.goBack')}
              </Button>
              <Button type="submit" color="red" loading={cancel.isPending}>
                {t('hold.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
