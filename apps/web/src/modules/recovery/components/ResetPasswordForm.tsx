import { Alert, Anchor, Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ResetPasswordBody } from '@sgx/contracts';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { schemaErrors, serverFieldErrors } from '../../../ui/formErrors';
import { messageOr } from '../../content/api/upload';
import { useResetPassword } from '../api/recoveryApi';
import { RECOVERY_NS } from '../i18n';

/** Sets a new password with the token of the e-mailed link (/reset-password?token=...). */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useT(RECOVERY_NS);
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
            {t('reset.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('reset.rule')}
          </Text>
        </div>
        {!tokenUsable ? (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            title={t('reset.incompleteTitle')}
          >
            <RichText
              text={t('reset.incomplete')}
              components={{ link: <Anchor component={Link} to="/forgot-password" inherit /> }}
            />
          </Alert>
        ) : reset.isSuccess ? (
          <Stack gap="md">
            <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
              {serverText(reset.data.message)}
            </Alert>
            <Button component={Link} to="/login" fullWidth>
              {t('reset.signIn')}
            </Button>
          </Stack>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label={t('reset.formLabel')}>
            <Stack gap="md">
              {/* A refused password is shown on its field; the link itself is still good. */}
              {reset.isError && Object.keys(serverFieldErrors(reset.error)).length === 0 && (
                <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                  {messageOr(reset.error, t('reset.failed'))}{' '}
                  <Anchor component={Link} to="/forgot-password" inherit>
                    {t('reset.newLink')}
                  </Anchor>
                </Alert>
              )}
              <PasswordInput
                label={t('reset.password')}
                autoComplete="new-password"
                required
                key={form.key('password')}
                {...form.getInputProps('password')}
              />
              <PasswordInput
                label={t('reset.confirm')}
                autoComplete="new-password"
                required
                key={form.key('confirmPassword')}
                {...form.getInputProps('confirmPassword')}
              />
              <Button type="submit" loading={reset.isPending} fullWidth>
                {t('reset.submit')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
