import { Alert, Anchor, Button, Card, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconClockX } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../app/apiError';
import type { ReturnState } from '../../../app/guards';
import { adminHome, memberHome } from '../../../app/homes';
import { safeReturnPath } from '../../../app/returnPath';
import { contractSubmit, preloadContracts } from '../../../ui/contracts';
import { serverFieldErrors } from '../../../ui/formErrors';
import { useTextForm } from '../../../ui/useTextForm';
import { useAdminSignIn, useMemberSignIn } from '../hooks/useAuthActions';
import { SESSION_ENDED_TEXT, useSessionEnded } from '../sessionEnd';

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
              {role === 'admin' ? 'Admin sign-in' : 'Sign in'}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {role === 'admin' ? 'Back-office access for SocialGenX staff.' : 'Welcome back to SocialGenX.'}
            </Text>
          </div>
          {ended && !signIn.isError && (
            <Alert color="yellow" icon={<IconClockX size={18} />} role="status" data-testid="session-ended">
              {SESSION_ENDED_TEXT}
            </Alert>
          )}
          {signIn.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(signIn.error)}
            </Alert>
          )}
          <TextInput
            label="Email or username"
            autoComplete="username"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          {role === 'user' && (
            <Anchor component={Link} to="/forgot-password" size="sm" ta="right" mt={-8}>
              Forgot password?
            </Anchor>
          )}
          <Button type="submit" loading={signIn.isPending} fullWidth>
            Sign in
          </Button>
          {role === 'user' ? (
            <Text size="sm" ta="center">
              New to SocialGenX?{' '}
              <Anchor component={Link} to="/registration">
                Create an account
              </Anchor>
            </Text>
          ) : (
            <Text size="sm" ta="center">
              A member?{' '}
              <Anchor component={Link} to="/login">
                Member sign-in
              </Anchor>
            </Text>
          )}
        </Stack>
      </form>
    </Card>
  );
}
