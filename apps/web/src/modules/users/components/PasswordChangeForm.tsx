import { Button, Card, Group, PasswordInput, SimpleGrid, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ChangePasswordBody } from '@sgx/contracts';
import { errorMessage } from '../../../app/apiError';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { schemaErrors, serverFieldErrors } from '../../../ui/formErrors';
import { useChangePassword } from '../api/usersApi';
import { ADMIN_USERS_NS } from '../i18n';

interface PasswordChangeFormProps {
  userId: number;
  onSaved: (message: string) => void;
  onFailed: (message: string) => void;
}

/** Current password, new password and its confirmation. The server answers 'Password change successfuly'. */
export function PasswordChangeForm({ userId, onSaved, onFailed }: PasswordChangeFormProps) {
  const { t } = useT(ADMIN_USERS_NS);
  const change = useChangePassword(userId);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    validate: (values) => schemaErrors(ChangePasswordBody, values),
  });

  const onSubmit = form.onSubmit((values) => {
    change.mutate(values, {
      onSuccess: (res) => {
        form.reset();
        onSaved(serverText(res.message));
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error));
        onFailed(errorMessage(error));
      },
    });
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={onSubmit} noValidate aria-label={t('password.title')}>
        <Title order={3} fz="lg" mb="md">
          {t('password.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label={t('password.new')}
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('password.confirm')}
            autoComplete="new-password"
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="lg">
          <Button type="submit" variant="light" loading={change.isPending}>
            {t('password.submit')}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
