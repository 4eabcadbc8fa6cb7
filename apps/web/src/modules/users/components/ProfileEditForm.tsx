import { Button, Card, Group, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  FullName,
  isEvmAddress,
  isTronAddress,
  Phone,
  type UpdateUserBody,
  type UserRecord,
} from '@sgx/contracts';
import { errorMessage } from '../../../app/apiError';
import { serverFieldErrors } from '../../../ui/formErrors';
import { useUpdateUser } from '../api/usersApi';

interface ProfileValues {
  fullname: string;
  phone: string;
  address: string;
  bep20: string;
  trc20: string;
}

const fields = ['fullname', 'phone', 'address', 'bep20', 'trc20'] as const;

function valuesOf(user: UserRecord): ProfileValues {
  return {
    fullname: user.fullname,
    phone: user.phone ?? '',
    address: user.address ?? '',
    bep20: user.bep20 ?? '',
    trc20: user.trc20 ?? '',
  };
}

/** The same rules as the server's (packages/contracts), so a mistake shows before sending. */
function validate(values: ProfileValues): Partial<Record<keyof ProfileValues, string>> {
  const errors: Partial<Record<keyof ProfileValues, string>> = {};
  const name = FullName.safeParse(values.fullname);
  if (!name.success) errors.fullname = name.error.issues[0]?.message ?? 'Enter your full name.';
  const phone = values.phone.trim();
  if (phone !== '') {
    const parsed = Phone.safeParse(phone);
    if (!parsed.success) errors.phone = parsed.error.issues[0]?.message ?? 'Enter a valid phone number.';
  }
  if (values.address.trim().length > 300) errors.address = 'Keep the address under 300 characters.';
  const bep20 = values.bep20.trim();
  if (bep20 !== '' && !isEvmAddress(bep20)) {
    errors.bep20 = 'Enter a valid BEP20 address (0x and 40 hex digits with a valid checksum).';
  }
  const trc20 = values.trc20.trim();
  if (trc20 !== '' && !isTronAddress(trc20)) {
    errors.trc20 = 'Enter a valid TRC20 address (34 characters starting with T).';
  }
  return errors;
}

interface ProfileEditFormProps {
  user: UserRecord;
  onSaved: (message: string) => void;
  onFailed: (message: string) => void;
}

/** A member edits their own name, phone, address and payout addresses. Only changed fields are sent. */
export function ProfileEditForm({ user, onSaved, onFailed }: ProfileEditFormProps) {
  const update = useUpdateUser(user.id);
  const initial = valuesOf(user);
  const form = useForm<ProfileValues>({ mode: 'uncontrolled', initialValues: initial, validate });

  const onSubmit = form.onSubmit((values) => {
    const body: Record<string, string> = {};
    for (const key of fields) {
      if (values[key].trim() !== initial[key].trim()) body[key] = values[key].trim();
    }
    if (Object.keys(body).length === 0) {
      onFailed('Nothing changed: there is nothing to save.');
      return;
    }
    const payload: UpdateUserBody = { ...body, updated_at: new Date().toISOString() };
    update.mutate(payload, {
      onSuccess: (res) => onSaved(res.message),
      onError: (error) => {
        form.setErrors(serverFieldErrors(error));
        onFailed(errorMessage(error));
      },
    });
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={onSubmit} noValidate aria-label="Personal details">
        <Title order={3} fz="lg">
          Personal details
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Withdrawals are paid only to the payout addresses saved here. Check them carefully.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Full name"
            autoComplete="name"
            key={form.key('fullname')}
            {...form.getInputProps('fullname')}
          />
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="tel"
            key={form.key('phone')}
            {...form.getInputProps('phone')}
          />
          <TextInput
            label="Address"
            autoComplete="street-address"
            key={form.key('address')}
            {...form.getInputProps('address')}
          />
          <div />
          <TextInput
            label="BEP20 payout address"
            placeholder="0x…"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            spellCheck={false}
            autoComplete="off"
            key={form.key('bep20')}
            {...form.getInputProps('bep20')}
          />
          <TextInput
            label="TRC20 payout address"
            placeholder="T…"
            spellCheck={false}
            autoComplete="off"
            key={form.key('trc20')}
            {...form.getInputProps('trc20')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={update.isPending}>
            Save details
          </Button>
        </Group>
      </form>
    </Card>
  );
}
