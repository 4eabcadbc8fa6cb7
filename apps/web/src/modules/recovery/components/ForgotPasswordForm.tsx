import { Alert, Anchor, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ForgotPasswordBody } from '@sgx/contracts';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { schemaErrors } from '../../../ui/formErrors';
import { useForgotPassword } from '../api/recoveryApi';

/** Asks for a reset link by e-mail. A failed call shows 'User Not Found', as the spec says (section 8). */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: (values) => schemaErrors(ForgotPasswordBody, values),
  });
  const onSubmit = form.onSubmit((values) => forgot.mutate(values.email.trim()));

  return (
    <Card withBorder radius="lg" padding="lg" shadow="sm" w="100%" maw={420}>
      <Stack gap="md">
        <div>
          <Title order={1} fz={28}>
            Forgot password?
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            Enter the e-mail of your account. We will send you a link to choose a new password.
          </Text>
        </div>
        {forgot.isSuccess ? (
          <Alert color="green" icon={<IconMailCheck size={18} />} role="status" title="Check your e-mail">
            <Text size="sm">{forgot.data.message}</Text>
            <Text size="sm" mt={4}>
              The link works once, for one hour.
            </Text>
          </Alert>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label="Forgot password">
            <Stack gap="md">
              {forgot.isError && (
                <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                  User Not Found
                </Alert>
              )}
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                required
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <Button type="submit" loading={forgot.isPending} fullWidth>
                Send reset link
              </Button>
            </Stack>
          </form>
        )}
        <Text size="sm" ta="center">
          Remembered it?{' '}
          <Anchor component={Link} to="/login">
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </Card>
  );
}
