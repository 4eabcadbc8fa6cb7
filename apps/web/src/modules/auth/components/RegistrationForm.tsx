import {
  Alert,
  Anchor,
  Button,
  Card,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../app/apiError';
import { memberHome } from '../../../app/homes';
import { contractSubmit, preloadContracts } from '../../../ui/contracts';
import { serverFieldErrors } from '../../../ui/formErrors';
import { useTextForm } from '../../../ui/useTextForm';
import { useRegister } from '../hooks/useAuthActions';

/** Member registration. The referral code comes from `?ref=CODE` when the visitor follows a sponsor's link. */
export function RegistrationForm() {
  const [params] = useSearchParams();
  const register = useRegister();
  const navigate = useNavigate();
  const referralFromLink = params.get('ref')?.trim() ?? '';

  const form = useTextForm({
    fullname: '',
    email: '',
    phone: '',
    password: '',
    confirmPassword: '',
    referralBy: referralFromLink,
  });

  const onSubmit = contractSubmit(
    form,
    (c) => c.RegisterBody,
    (values) => {
      register.mutate(values, {
        onSuccess: () => navigate(memberHome, { replace: true }),
        onError: (error) => form.setErrors(serverFieldErrors(error)),
      });
    },
  );

  return (
    <Card withBorder radius="lg" padding="lg" shadow="sm" w="100%" maw={560}>
      <form onSubmit={onSubmit} onFocus={preloadContracts} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} fz={28}>
              Create your account
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              It takes a minute. You choose a plan after signing up.
            </Text>
          </div>
          {register.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(register.error)}
            </Alert>
          )}
          <TextInput
            label="Full name"
            autoComplete="name"
            required
            key={form.key('fullname')}
            {...form.getInputProps('fullname')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <TextInput
              label="Phone"
              type="tel"
              autoComplete="tel"
              placeholder="+15551234567"
              required
              key={form.key('phone')}
              {...form.getInputProps('phone')}
            />
          </SimpleGrid>
          <PasswordInput
            label="Password"
            description="At least 8 characters, with a letter and a digit."
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <TextInput
            label="Referral code"
            description={
              referralFromLink !== ''
                ? 'Filled in from your invitation link.'
                : 'Optional: the code of who invited you.'
            }
            autoComplete="off"
            key={form.key('referralBy')}
            {...form.getInputProps('referralBy')}
          />
          <Text size="xs" c="dimmed">
            By creating an account you accept the{' '}
            <Anchor component={Link} to="/terms" size="xs">
              terms
            </Anchor>{' '}
            and the{' '}
            <Anchor component={Link} to="/privacy" size="xs">
              privacy notice
            </Anchor>
            . Returns are not guaranteed.
          </Text>
          <Button type="submit" loading={register.isPending} fullWidth>
            Create account
          </Button>
          <Text size="sm" ta="center">
            Already a member?{' '}
            <Anchor component={Link} to="/login">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Card>
  );
}
