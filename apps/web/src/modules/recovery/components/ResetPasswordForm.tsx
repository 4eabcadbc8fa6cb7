import { Alert, Anchor, Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ResetPasswordBody } from '@sgx/contracts';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { schemaErrors, serverFieldErrors } from '../../../ui/formErrors';
import { messageOr } from '../../content/api/upload';
import { useResetPassword } from '../api/recoveryApi';

/** Sets a new password with the token of the e-mailed link (/reset-password?token=...). */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: (values) => {
      const errors = schemaErrors(ResetPasswordBody, { ...values, token });
      delete errors.token;
      return errors;
    },
  });
  const onSubmit = form.onSubmit((values) =>
    reset.mutate({ token, ...values }, { onError: (error) => form.setErrors(serverFieldErrors(error)) }),
  );
  const tokenUsable = token.trim().length >= 20;

  return (
    <Card withBorder radius="lg" padding="lg" shadow="sm" w="100%" maw={420}>
      <Stack gap="md">
        <div>
          <Title order={1} fz={28}>
            Choose a new password
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            At least 8 characters, with a letter and a digit.
          </Text>
        </div>
        {!tokenUsable ? (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            title="This link is incomplete"
          >
            Open the link from the e-mail again, or{' '}
            <Anchor component={Link} to="/forgot-password" inherit>
              ask for a new one
            </Anchor>
            .
          </Alert>
        ) : reset.isSuccess ? (
          <Stack gap="md">
            <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
              {reset.data.message}
            </Alert>
            <Button component={Link} to="/login" fullWidth>
              Sign in
            </Button>
          </Stack>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label="Reset password">
            <Stack gap="md">
              {/* A refused password is shown on its field; the link itself is still good. */}
              {reset.isError && Object.keys(serverFieldErrors(reset.error)).length === 0 && (
                <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                  {messageOr(reset.error, 'The password could not be changed.')}{' '}
                  <Anchor component={Link} to="/forgot-password" inherit>
                    Ask for a new link
                  </Anchor>
                </Alert>
              )}
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                required
                key={form.key('password')}
                {...form.getInputProps('password')}
              />
              <PasswordInput
                label="Confirm new password"
                autoComplete="new-password"
                required
                key={form.key('confirmPassword')}
                {...form.getInputProps('confirmPassword')}
              />
              <Button type="submit" loading={reset.isPending} fullWidth>
                Change password
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
