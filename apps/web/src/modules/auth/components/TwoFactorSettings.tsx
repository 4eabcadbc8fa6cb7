import { Badge, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { ApiErrorAlert } from '../../../ui/ApiErrorAlert';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { LoadError } from '../../../ui/LoadError';
import { SectionCard } from '../../../ui/SectionCard';
import { Spinner } from '../../../ui/Spinner';
import { useDisableTwoFactor, useNewRecoveryCodes, useTwoFactorStatus } from '../api/twoFactorApi';
import { codeProblem, OneTimeCodeInput } from './OneTimeCodeInput';
import { RecoveryCodes } from './RecoveryCodes';
import { TwoFactorEnrolment } from './TwoFactorEnrolment';

type Panel = 'none' | 'enrol' | 'codes' | 'disable';

/**
 * Two-factor sign-in on the security pages: whether it is on, turning it on (the enrolment), new recovery
 * codes, and turning it off (members only: an admin must keep it, the server says so with `required`).
 */
export function TwoFactorSettings() {
  const status = useTwoFactorStatus();
  const [panel, setPanel] = useState<Panel>('none');
  const [codes, setCodes] = useState<string[] | null>(null);

  if (status.isError) {
    return (
      <LoadError
        title="Two-factor status could not be loaded"
        error={status.error}
        onRetry={() => void status.refetch()}
      />
    );
  }
  if (status.data === undefined) return <Spinner loading />;
  const { enabled, required, recovery_codes_left: left } = status.data;

  const showCodes = (next: string[]) => {
    setCodes(next);
    setPanel('none');
  };
  const turnedOn = (next: string[], message: string) => {
    toast.success(message);
    showCodes(next);
  };

  return (
    <SectionCard
      title="Two-factor sign-in"
      description="A code from an authenticator app on your phone, asked after your password."
      actions={
        <Badge
          color={enabled ? 'teal' : 'gray'}
          variant="light"
          size="lg"
          leftSection={enabled ? <IconShieldCheck size={14} /> : <IconShieldOff size={14} />}
        >
          {enabled ? 'On' : 'Off'}
        </Badge>
      }
    >
      {codes !== null ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : panel === 'enrol' ? (
        <TwoFactorEnrolment onConfirmed={turnedOn} onCancel={() => setPanel('none')} askPassword />
      ) : panel === 'codes' ? (
        <NewRecoveryCodesForm onCodes={showCodes} onCancel={() => setPanel('none')} />
      ) : panel === 'disable' ? (
        <DisableForm onDone={() => setPanel('none')} />
      ) : enabled ? (
        <Stack gap="sm">
          <Text size="sm">
            Two-factor sign-in is on.{' '}
            <span data-testid="recovery-codes-left">
              {left === 1 ? '1 recovery code left.' : `${left} recovery codes left.`}
            </span>
            {required && ' Staff accounts must keep it on.'}
          </Text>
          <Group gap="xs">
            <Button variant="light" onClick={() => setPanel('codes')}>
              New recovery codes
            </Button>
            {!required && (
              <Button variant="light" color="red" onClick={() => setPanel('disable')}>
                Turn off two-factor
              </Button>
            )}
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            Two-factor sign-in is off. With it on, signing in, withdrawing and changing your payout address
            also need a code from your phone, so a stolen password alone is not enough.
          </Text>
          <Button onClick={() => setPanel('enrol')}>Turn on two-factor</Button>
        </Stack>
      )}
    </SectionCard>
  );
}

/** A code from the app (or a recovery code) gets a new set of recovery codes; the old set stops working. */
function NewRecoveryCodesForm({
  onCodes,
  onCancel,
}: {
  onCodes: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const renew = useNewRecoveryCodes();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = codeProblem(code, false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (problem !== null || renew.isPending) return;
    renew.mutate(code, { onSuccess: (res) => onCodes(res.recovery_codes), onError: () => setCode('') });
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="New recovery codes">
      <Stack gap="sm">
        <Text size="sm">The codes you have now stop working when the new ones are made.</Text>
        <OneTimeCodeInput
          value={code}
          onChange={setCode}
          error={touched ? problem : null}
          required
          maw={260}
        />
        {renew.isError && <ApiErrorAlert error={renew.error} />}
        <Group gap="xs" justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={renew.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={renew.isPending}>
            Make new codes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Turning it off needs the password and a code, then a confirmation. */
function DisableForm({ onDone }: { onDone: () => void }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const codeError = codeProblem(code, false);
  const passwordError = password === '' ? 'Enter your password.' : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (codeError === null && passwordError === null) setConfirming(true);
  };
  const onConfirm = () => {
    if (disable.isPending) return;
    disable.mutate(
      { password, code },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          onDone();
        },
        onError: () => setCode(''),
        onSettled: () => setConfirming(false),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Turn off two-factor">
      <Stack gap="sm">
        <Group grow align="flex-start">
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={touched ? passwordError : null}
            required
          />
          <OneTimeCodeInput value={code} onChange={setCode} error={touched ? codeError : null} required />
        </Group>
        {disable.isError && <ApiErrorAlert error={disable.error} title="Still on" />}
        <Group gap="xs" justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={disable.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red">
            Turn off two-factor
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={onConfirm}
        loading={disable.isPending}
        message="Turn off two-factor sign-in? Your password alone will then sign you in and request withdrawals."
        confirmLabel="Turn off"
      />
    </form>
  );
}
