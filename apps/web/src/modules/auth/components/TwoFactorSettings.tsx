import { Badge, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { ApiErrorAlert } from '../../../ui/ApiErrorAlert';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { LoadError } from '../../../ui/LoadError';
import { SectionCard } from '../../../ui/SectionCard';
import { Spinner } from '../../../ui/Spinner';
import { RECOVERY_NS } from '../../recovery/i18n';
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
  const { t } = useT(RECOVERY_NS);
  const status = useTwoFactorStatus();
  const [panel, setPanel] = useState<Panel>('none');
  const [codes, setCodes] = useState<string[] | null>(null);

  if (status.isError) {
    return (
      <LoadError
        title={t('twoFactor.statusError')}
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
      title={t('twoFactor.title')}
      description={t('twoFactor.intro')}
      actions={
        <Badge
          color={enabled ? 'teal' : 'gray'}
          variant="light"
          size="lg"
          leftSection={enabled ? <IconShieldCheck size={14} /> : <IconShieldOff size={14} />}
        >
          {enabled ? t('twoFactor.on') : t('twoFactor.off')}
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
            {t('twoFactor.isOn')}{' '}
            <span data-testid="recovery-codes-left">
              {left === 1 ? t('twoFactor.oneLeft') : t('twoFactor.left', { n: left })}
            </span>
            {required && ` ${t('twoFactor.staffMustKeep')}`}
          </Text>
          <Group gap="xs">
            <Button variant="light" onClick={() => setPanel('codes')}>
              {t('twoFactor.newCodes')}
            </Button>
            {!required && (
              <Button variant="light" color="red" onClick={() => setPanel('disable')}>
                {t('twoFactor.turnOff')}
              </Button>
            )}
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('twoFactor.offText')}</Text>
          <Button onClick={() => setPanel('enrol')}>{t('twoFactor.turnOn')}</Button>
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
  const { t } = useT(RECOVERY_NS);
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
    <form onSubmit={onSubmit} noValidate aria-label={t('twoFactor.newCodes')}>
      <Stack gap="sm">
        <Text size="sm">{t('twoFactor.codesStop')}</Text>
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
            {t('twoFactor.cancel')}
          </Button>
          <Button type="submit" loading={renew.isPending}>
            {t('twoFactor.makeCodes')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Turning it off needs the password and a code, then a confirmation. */
function DisableForm({ onDone }: { onDone: () => void }) {
  const { t } = useT(RECOVERY_NS);
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const codeError = codeProblem(code, false);
  const passwordError = password === '' ? t('twoFactor.enterPassword') : null;

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
          toast.success(serverText(res.message));
          onDone();
        },
        onError: () => setCode(''),
        onSettled: () => setConfirming(false),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('twoFactor.turnOff')}>
      <Stack gap="sm">
        <Group grow align="flex-start">
          <PasswordInput
            label={t('twoFactor.password')}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={touched ? passwordError : null}
            required
          />
          <OneTimeCodeInput value={code} onChange={setCode} error={touched ? codeError : null} required />
        </Group>
        {disable.isError && <ApiErrorAlert error={disable.error} title={t('twoFactor.stillOn')} />}
        <Group gap="xs" justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={disable.isPending}>
            {t('twoFactor.cancel')}
          </Button>
          <Button type="submit" color="red">
            {t('twoFactor.turnOff')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={onConfirm}
        loading={disable.isPending}
        message={t('twoFactor.confirmOff')}
        confirmLabel={t('twoFactor.turnOffShort')}
      />
    </form>
  );
}
