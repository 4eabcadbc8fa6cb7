import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  Image,
  List,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { ApiErrorAlert } from '../../../ui/ApiErrorAlert';
import { LoadError } from '../../../ui/LoadError';
import { Spinner } from '../../../ui/Spinner';
import { RECOVERY_NS } from '../../recovery/i18n';
import { useConfirmEnrolment, useEnrolment } from '../api/twoFactorApi';
import { svgDataUrl } from '../twoFactorText';
import { codeProblem, OneTimeCodeInput } from './OneTimeCodeInput';

interface TwoFactorEnrolmentProps {
  /** Two-factor is on: the recovery codes to show once, and the server's message. */
  onConfirmed: (recoveryCodes: string[], message: string) => void;
  /** A way back (the member's security page); the admins' first sign-in has none. */
  onCancel?: () => void;
  /**
   * Ask for the account's password too: turning it on from the security page, where the session alone must
   * not be enough. The admins' first sign-in has just taken the password and does not ask again.
   */
  askPassword?: boolean;
}

/**
 * Setting up two-factor sign-in: a new secret as a QR code and as text for typing into the app, then the
 * first code from the app turns it on. Used by the admins' first sign-in and the member's security page.
 */
export function TwoFactorEnrolment({ onConfirmed, onCancel, askPassword = false }: TwoFactorEnrolmentProps) {
  const { t } = useT(RECOVERY_NS);
  const enrolment = useEnrolment();
  const confirm = useConfirmEnrolment();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = codeProblem(code, false);
  const passwordError = askPassword && password === '' ? t('twoFactor.enterPassword') : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (problem !== null || passwordError !== null || confirm.isPending) return;
    confirm.mutate(askPassword ? { code, password } : { code }, {
      onSuccess: (res) => onConfirmed(res.recovery_codes, serverText(res.message)),
      onError: () => setCode(''),
    });
  };

  if (enrolment.isError) {
    return (
      <LoadError
        title={t('twoFactor.startError')}
        error={enrolment.error}
        onRetry={() => void enrolment.refetch()}
      />
    );
  }
  if (enrolment.data === undefined) return <Spinner loading />;
  const { secret, qr_svg: qrSvg } = enrolment.data;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('twoFactor.setupTitle')}>
      <Stack gap="md">
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>{t('twoFactor.step1')}</List.Item>
          <List.Item>{t('twoFactor.step2')}</List.Item>
          <List.Item>{t('twoFactor.step3')}</List.Item>
        </List>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Image
            src={svgDataUrl(qrSvg)}
            alt={t('twoFactor.qrAlt')}
            w={180}
            h={180}
            fit="contain"
            bg="white"
            p={6}
            radius="sm"
            style={{ border: '1px solid var(--mantine-color-gray-3)' }}
          />
          <Stack gap="sm" style={{ flex: 1, minWidth: 220 }}>
            <TextInput
              label={t('twoFactor.secret')}
              description={t('twoFactor.secretHint')}
              value={secret}
              readOnly
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              onFocus={(e) => e.currentTarget.select()}
              rightSection={
                <CopyButton value={secret}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('twoFactor.copied') : t('twoFactor.copySecret')}>
                      <ActionIcon variant="subtle" onClick={copy} aria-label={t('twoFactor.copySecret')}>
                        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              }
            />
            <OneTimeCodeInput
              value={code}
              onChange={(value) => {
                setCode(value);
                confirm.reset();
              }}
              error={touched ? problem : null}
              required
            />
            {askPassword && (
              <PasswordInput
                label={t('twoFactor.password')}
                description={t('twoFactor.passwordHint')}
                autoComplete="current-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.currentTarget.value);
                  confirm.reset();
                }}
                error={touched ? passwordError : null}
                required
              />
            )}
          </Stack>
        </Group>
        {confirm.isError && <ApiErrorAlert error={confirm.error} title={t('twoFactor.notOn')} />}
        <Group justify="flex-end" gap="sm">
          {onCancel !== undefined && (
            <Button variant="default" onClick={onCancel} disabled={confirm.isPending}>
              {t('twoFactor.cancel')}
            </Button>
          )}
          <Button type="submit" loading={confirm.isPending}>
            {t('twoFactor.turnOn')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('twoFactor.keepSecret')}
        </Text>
      </Stack>
    </form>
  );
}
