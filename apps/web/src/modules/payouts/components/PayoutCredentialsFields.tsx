import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { PayoutConfirmation } from '@sgx/contracts';
import { IconMail } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../../app/apiError';
import { tr, useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { codeProblem, OneTimeCodeInput } from '../../auth/components/OneTimeCodeInput';
import { sendPayoutEmailCode } from '../api/payoutAddressApi';
import { PAYOUTS_NS } from '../i18n';

/** What a payout address change asks for, as typed (decision 0025). */
export interface PayoutCredentials {
  password: string;
  /** The authenticator code (two-factor on). */
  code: string;
  /** The e-mailed code (two-factor off). */
  email_code: string;
}
export type CredentialErrors = Partial<Record<keyof PayoutCredentials, string>>;

export const emptyCredentials: PayoutCredentials = { password: '', code: '', email_code: '' };

/** The same rules as the server's, so a missing field shows before sending. */
export function credentialProblems(c: PayoutCredentials, twoFactor: boolean): CredentialErrors {
  const errors: CredentialErrors = {};
  if (c.password === '') errors.password = tr(`${PAYOUTS_NS}:credentials.passwordRequired`);
  if (twoFactor) {
    const problem = codeProblem(c.code, false);
    if (problem !== null) errors.code = problem;
  } else if (!/^\d{6}$/.test(c.email_code)) {
    errors.email_code =
      c.email_code === ''
        ? tr(`${PAYOUTS_NS}:credentials.sendCode`)
        : tr(`${PAYOUTS_NS}:credentials.sixDigits`);
  }
  return errors;
}

/** The request fields: only the code that applies. */
export function credentialsBody(c: PayoutCredentials, twoFactor: boolean): PayoutConfirmation {
  return twoFactor
    ? { password: c.password, code: c.code }
    : { password: c.password, email_code: c.email_code };
}

interface PayoutCredentialsFieldsProps {
  twoFactor: boolean;
  value: PayoutCredentials;
  onChange: (value: PayoutCredentials) => void;
  errors: CredentialErrors;
}

/**
 * The password, then the authenticator code when two-factor is on, otherwise 'Send code to my e-mail' and
 * the e-mailed code (valid 10 minutes, once).
 */
export function PayoutCredentialsFields({
  twoFactor,
  value,
  onChange,
  errors,
}: PayoutCredentialsFieldsProps) {
  const { t } = useT(PAYOUTS_NS);
  const send = useMutation({ mutationFn: sendPayoutEmailCode });
  return (
    <Stack gap="sm">
      <PasswordInput
        label={t('credentials.password')}
        autoComplete="current-password"
        value={value.password}
        onChange={(e) => onChange({ ...value, password: e.currentTarget.value })}
        error={errors.password}
        required
      />
      {twoFactor ? (
        <OneTimeCodeInput
          value={value.code}
          onChange={(code) => onChange({ ...value, code })}
          error={errors.code}
          description={t('credentials.codeHint')}
          required
          maw={260}
        />
      ) : (
        <Stack gap={6}>
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label={t('credentials.emailCode')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              ff="monospace"
              value={value.email_code}
              onChange={(e) => onChange({ ...value, email_code: e.currentTarget.value.replace(/\D/g, '') })}
              error={errors.email_code}
              required
              maw={200}
            />
            <Button
              variant="light"
              leftSection={<IconMail size={16} />}
              loading={send.isPending}
              onClick={() => send.mutate()}
              mb={errors.email_code ? 22 : 0}
            >
              {t('credentials.sendButton')}
            </Button>
          </Group>
          {send.isSuccess && (
            <Text size="sm" c="teal" role="status">
              {serverText(send.data.message)}
            </Text>
          )}
          {send.isError && (
            <Text size="sm" c="red" role="alert">
              {errorMessage(send.error)}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
