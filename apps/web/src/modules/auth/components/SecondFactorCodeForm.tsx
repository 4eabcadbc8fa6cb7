import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { ApiErrorAlert } from '../../../ui/ApiErrorAlert';
import { useVerifySecondFactor } from '../api/twoFactorApi';
import { AUTH_NS } from '../i18n';
import { codeProblem, OneTimeCodeInput } from './OneTimeCodeInput';
import { SignOutButton } from './SignOutButton';

/**
 * The step after the password for an account with two-factor on: the code from the authenticator app, or
 * one of the recovery codes. Once it is accepted the guards send the visitor where they were going.
 */
export function SecondFactorCodeForm() {
  const { t } = useT(AUTH_NS);
  const verify = useVerifySecondFactor();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = codeProblem(code, recovery);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (problem !== null || verify.isPending) return;
    verify.mutate(code, { onError: () => setCode('') });
  };

  const switchMode = () => {
    setRecovery((r) => !r);
    setCode('');
    setTouched(false);
    verify.reset();
  };

  return (
    <Card withBorder radius="lg" padding="lg" shadow="sm" w="100%" maw={420}>
      <form onSubmit={onSubmit} noValidate aria-label={t('secondFactor.title')}>
        <Stack gap="md">
          <div>
            <Title order={1} fz={28}>
              {t('secondFactor.title')}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {recovery ? t('secondFactor.introRecovery') : t('secondFactor.introApp')}
            </Text>
          </div>
          {verify.isError && <ApiErrorAlert error={verify.error} title={t('secondFactor.notSignedIn')} />}
          <OneTimeCodeInput
            // A fresh field per mode: the browser's one-time-code offer belongs to the app's code only.
            key={recovery ? 'recovery' : 'app'}
            recovery={recovery}
            value={code}
            onChange={(value) => {
              setCode(value);
              if (verify.isError) verify.reset();
            }}
            error={touched ? problem : null}
            required
            data-autofocus
            autoFocus
          />
          <Button type="submit" loading={verify.isPending} fullWidth>
            {t('secondFactor.verify')}
          </Button>
          <Group justify="space-between" gap="xs">
            <Anchor component="button" type="button" size="sm" onClick={switchMode}>
              {recovery ? t('secondFactor.useApp') : t('secondFactor.useRecovery')}
            </Anchor>
            <SignOutButton />
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
