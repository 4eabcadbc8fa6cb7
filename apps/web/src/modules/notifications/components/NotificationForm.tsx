import {
  Button,
  Card,
  Checkbox,
  Divider,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { CreateNotificationBody } from '@sgx/contracts';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { ErrorDialog } from '../../../ui/ErrorDialog';
import { schemaErrors, serverFieldErrors } from '../../../ui/formErrors';
import { SuccessDialog } from '../../../ui/SuccessDialog';
import { messageOr } from '../../content/api/upload';
import { ADMIN_NOTIFICATIONS_NS } from '../adminI18n';
import { type NotificationType, typeLabels, useCreateNotification } from '../api/notificationsApi';
import { BannerUpload } from './BannerUpload';
import { type ChosenMember, MemberPicker } from './MemberPicker';

interface FormValues {
  title: string;
  message: string;
  type: string | null;
  users: boolean;
}

const types = Object.keys(typeLabels) as NotificationType[];

/** The create-notification form of spec 2.4, with the validation texts of spec 5. */
export function NotificationForm() {
  const { t } = useT(ADMIN_NOTIFICATIONS_NS);
  const create = useCreateNotification();
  const [chosen, setChosen] = useState<ChosenMember[]>([]);
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const form = useForm<FormValues>({
    initialValues: { title: '', message: '', type: null, users: true },
    validate: (values) =>
      schemaErrors(CreateNotificationBody, {
        title: values.title,
        message: values.message,
        // Unset stays undefined, so the schema says 'Type is required' rather than 'Invalid type'.
        type: values.type ?? undefined,
        users: values.users,
        recipients: values.users ? [] : chosen.map((m) => m.id),
      }),
  });

  const setAllUsers = (all: boolean) => {
    form.setFieldValue('users', all);
    // The recipient list is emptied when All Users is ticked (spec 5).
    if (all) setChosen([]);
    form.clearFieldError('recipients');
  };

  const setRecipients = (next: ChosenMember[]) => {
    setChosen(next);
    form.clearFieldError('recipients');
  };

  const onSubmit = form.onSubmit((values) => {
    if (values.type === null) return;
    create.mutate(
      {
        title: values.title.trim(),
        message: values.message.trim(),
        users: values.users,
        type: values.type as NotificationType,
        recipients: values.users ? [] : chosen.map((m) => m.id),
      },
      {
        onSuccess: (res) => {
          form.reset();
          setChosen([]);
          setSuccess(serverText(res.message));
        },
        onError: (error) => {
          form.setErrors(serverFieldErrors(error));
          setFailure(messageOr(error, t('form.failed')));
        },
      },
    );
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={onSubmit} noValidate aria-label={t('form.form')}>
        <Stack gap="md">
          <TextInput label={t('form.title')} required maxLength={200} {...form.getInputProps('title')} />
          <BannerUpload />
          <Textarea
            label={t('form.message')}
            required
            autosize
            minRows={4}
            maxRows={12}
            maxLength={5000}
            {...form.getInputProps('message')}
          />
          <Select
            label={t('form.type')}
            placeholder={t('form.typePlaceholder')}
            required
            data={types.map((value) => ({ value, label: t(`type.${value}`) }))}
            description={t('form.typeHelp')}
            w={{ base: '100%', sm: 320 }}
            {...form.getInputProps('type')}
          />
          <Divider />
          <Checkbox
            label={t('form.allUsers')}
            description={t('form.allUsersHelp')}
            checked={form.values.users}
            onChange={(e) => setAllUsers(e.currentTarget.checked)}
          />
          {!form.values.users && (
            <MemberPicker
              selected={chosen}
              onChange={setRecipients}
              error={form.errors.recipients as string | undefined}
            />
          )}
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed">
              {form.values.users
                ? t('form.everyone')
                : t(chosen.length === 1 ? 'form.chosenOne' : 'form.chosenMany', { n: chosen.length })}
            </Text>
            <Button type="submit" leftSection={<IconSend size={16} />} loading={create.isPending}>
              {t('form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
      {success !== null && <SuccessDialog message={success} onClose={() => setSuccess(null)} />}
      {failure !== null && <ErrorDialog error={failure} onClose={() => setFailure(null)} />}
    </Card>
  );
}
