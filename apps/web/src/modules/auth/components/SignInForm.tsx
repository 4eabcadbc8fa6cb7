import { Alert, Anchor, Button, Card, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconClockX } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../app/apiError';
import type { ReturnState } from '../../../app/guards';
import { adminHome, memberHome } from '../../../app/homes';
import { safeReturnPath } from '../../../app/returnPath';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { contractSubmit, preloadContracts } from '../../../ui/contracts';
import { serverFieldErrors } from '../../../ui/formErrors';
import { useTextForm } from '../../../ui/useTextForm';
import { useAdminSignIn, useMemberSignIn } from '../hooks/useAuthActions';
import { AUTH_NS } from '../i18n';
import { useSessionEnded } from '../sessionEnd';

interface SignInFormProps {
  /** Which sign-in this is: member (/login) or admin (/admin-login). */
  area: 'user' | 'admin';
}

/**
 * Sign-in of a member (/login) or an admin (/admin-login): e-mail or username, and password. After a
 * session that ended without the member asking, it says so; signed in, the visitor goes back to the page
 * they were on (the guards' `from`, same site and area only) or to the area's home.
 */
export function SignInForm({ area: role }: SignInFormProps) {
  const { t } = useT(AUTH_NS);
  const memberSignIn = useMemberSignIn();
  const adminSignIn = useAdminSignIn();
  const signIn = role === 'admin' ? adminSignIn : memberSignIn;
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as ReturnState | null)?.from;
  const ended = useSessionEnded();

  const form = useTextForm({ email: '', password: '' });

  const onSubmit = contractSubmit(
    form,
    (c) => c.SignInBody,
    (values) => {
      signIn.mutate(values, {
        onSuccess: () => {
          const home = role === 'admin' ? adminHome : memberHome;
          navigate(safeReturnPath(from, role) ?? home, { replace: true });
        },
        onError: (error) => form.setErrors(serverFieldErrors(error)),
      });
    },
  );

  return (
    <Card withBorder radius="lg" padding="lg" shadow="sm" w="100%" maw={420}>
      <form onSubmit={onSubmit} onFocus={preloadContracts} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} fz={28}>
              {role === 'admin' ? t('signIn.adminTitle') : t('signIn.title')}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {role === 'admin' ? t('signIn.adminIntro') : t('signIn.intro')}
            </Text>
          </div>
          {ended && !signIn.isError && (
            <Alert color="yellow" icon={<IconClockX size={18} />} role="status" data-testid="session-ended">
              {t('signIn.sessionEnded')}
            </Alert>
          )}
          {signIn.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(signIn.error)}
            </Alert>
          )}
          <TextInput
            label={t('signIn.emailOrUsername')}
            autoComplete="username"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('signIn.password')}
            autoComplete="current-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          {role === 'user' && (
            <Anchor component={Link} to="/forgot-password" size="sm" ta="right" mt={-8}>
              {t('signIn.forgot')}
            </Anchor>
          )}
          <Button type="submit" loading={signIn.isPending} fullWidth>
            {t('signIn.submit')}
          </Button>
          {role === 'user' ? (
            <Text size="sm" ta="center">
              <RichText
                text={t('signIn.newHere')}
                components={{ link: <Anchor component={Link} to="/registration" /> }}
              />
            </Text>
          ) : (
            <Text size="sm" ta="center">
              <RichText
                text={t('signIn.aMember')}
                components={{ link: <Anchor component={Link} to="/login" /> }}
              />
            </Text>
          )}
        </Stack>
      </form>
    </Card>
  );
}
