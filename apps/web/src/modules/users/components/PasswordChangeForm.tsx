import { Button, Card, Group, PasswordInput, SimpleGrid, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ChangePasswordBody } from '@sgx/contracts';
import { errorMessage } from '../../../app/apiError';
import { schemaErrors, serverFieldErrors } from '../../../ui/formErrors';
import { useChangePassword } from '../api/usersApi';

interface PasswordChangeFormProps {
  userId: number;
  onSaved: (message: string) => void;
  onFailed: (message: string) => void;
}

/** Current password, new password and its confirmation. The server answers 'Password change successfuly'. */
export function PasswordChangeForm({ userId, onSaved, onFailed }: PasswordChangeFormProps) {
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
        onSaved(res.message);
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error));
        onFailed(errorMessage(error));
      },
    });
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={onSubmit} noValidate aria-label="Change password">
        <Title order={3} fz="lg" mb="md">
          Change password
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="lg">
          <Button type="submit" variant="light" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </form>
    </Card>
  );
}
