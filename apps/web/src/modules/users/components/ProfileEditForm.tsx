import { Button, Card, Group, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FullName, Phone, type UpdateUserBody, type UserRecord } from '@sgx/contracts';
import { errorMessage } from '../../../app/apiError';
import english from '../../../i18n/en/profile.json';
import { englishNamespace, tr, useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { serverFieldErrors } from '../../../ui/formErrors';
import { useUpdateUser } from '../api/usersApi';

interface ProfileValues {
  fullname: string;
  phone: string;
  address: string;
}

/** The profile page's texts (decision 0039). */
export const PROFILE_NS = englishNamespace('profile', english);

/** Payout addresses are changed in their own section, with the password (decision 0025): never sent from here. */
const fields = ['fullname', 'phone', 'address'] as const;

function valuesOf(user: UserRecord): ProfileValues {
  return {
    fullname: user.fullname,
    phone: user.phone ?? '',
    address: user.address ?? '',
  };
}

/** The same rules as the server's (packages/contracts), so a mistake shows before sending. */
function validate(values: ProfileValues): Partial<Record<keyof ProfileValues, string>> {
  const errors: Partial<Record<keyof ProfileValues, string>> = {};
  const name = FullName.safeParse(values.fullname);
  if (!name.success)
    errors.fullname = serverText(name.error.issues[0]?.message ?? '') || tr('profile:details.nameRequired');
  const phone = values.phone.trim();
  if (phone !== '') {
    const parsed = Phone.safeParse(phone);
    if (!parsed.success)
      errors.phone = serverText(parsed.error.issues[0]?.message ?? '') || tr('profile:details.phoneInvalid');
  }
  if (values.address.trim().length > 300) errors.address = tr('profile:details.addressLong');
  return errors;
}

interface ProfileEditFormProps {
  user: UserRecord;
  onSaved: (message: string) => void;
  onFailed: (message: string) => void;
}

/** A member edits their own name, phone and address. Only changed fields are sent. */
export function ProfileEditForm({ user, onSaved, onFailed }: ProfileEditFormProps) {
  const { t } = useT(PROFILE_NS);
  const update = useUpdateUser(user.id);
  const initial = valuesOf(user);
  const form = useForm<ProfileValues>({ mode: 'uncontrolled', initialValues: initial, validate });

  const onSubmit = form.onSubmit((values) => {
    const body: Record<string, string> = {};
    for (const key of fields) {
      if (values[key].trim() !== initial[key].trim()) body[key] = values[key].trim();
    }
    if (Object.keys(body).length === 0) {
      onFailed(t('details.unchanged'));
      return;
    }
    const payload: UpdateUserBody = { ...body, updated_at: new Date().toISOString() };
    update.mutate(payload, {
      onSuccess: (res) => onSaved(serverText(res.message)),
      onError: (error) => {
        form.setErrors(serverFieldErrors(error));
        onFailed(errorMessage(error));
      },
    });
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={onSubmit} noValidate aria-label={t('details.title')}>
        <Title order={3} fz="lg">
          {t('details.title')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t('details.intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('details.fullname')}
            autoComplete="name"
            key={form.key('fullname')}
            {...form.getInputProps('fullname')}
          />
          <TextInput
            label={t('details.phone')}
            type="tel"
            autoComplete="tel"
            key={form.key('phone')}
            {...form.getInputProps('phone')}
          />
          <TextInput
            label={t('details.address')}
            autoComplete="street-address"
            key={form.key('address')}
            {...form.getInputProps('address')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={update.isPending}>
            {t('details.save')}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
