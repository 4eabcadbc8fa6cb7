import { Alert, Anchor, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ForgotPasswordBody } from '@sgx/contracts';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { schemaErrors } from '../../../ui/formErrors';
import { useForgotPassword } from '../api/recoveryApi';
import { RECOVERY_NS } from '../i18n';

/** Asks for a reset link by e-mail. A failed call shows 'User Not Found', as the spec says (section 8). */
export function ForgotPasswordForm() {
  const { t } = useT(RECOVERY_NS);
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
            {t('forgot.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('forgot.intro')}
          </Text>
        </div>
        {forgot.isSuccess ? (
          <Alert
            color="green"
            icon={<IconMailCheck size={18} />}
            role="status"
            title={t('forgot.checkEmail')}
          >
            <Text size="sm">{serverText(forgot.data.message)}</Text>
            <Text size="sm" mt={4}>
              {t('forgot.linkOnce')}
            </Text>
          </Alert>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label={t('forgot.formLabel')}>
            <Stack gap="md">
              {forgot.isError && (
                <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                  {t('forgot.notFound')}
                </Alert>
              )}
              <TextInput
                label={t('forgot.email')}
                type="email"
                autoComplete="email"
                required
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <Button type="submit" loading={forgot.isPending} fullWidth>
                {t('forgot.submit')}
              </Button>
            </Stack>
          </form>
        )}
        <Text size="sm" ta="center">
          <RichText
            text={t('forgot.remembered')}
            components={{ link: <Anchor component={Link} to="/login" /> }}
          />
        </Text>
      </Stack>
    </Card>
  );
}
