import { Alert, Button, Card, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CreateTicketBody } from '@sgx/contracts';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { useT } from '../../i18n/i18n';
import { serverText } from '../../i18n/server';
import {
  categoryLabel,
  type NewTicket,
  ticketCategories,
  ticketError,
  useCreateTicket,
} from '../../modules/tickets/api/ticketsApi';
import { TICKETS_NS } from '../../modules/tickets/i18n';
import { schemaErrors, serverFieldErrors } from '../../ui/formErrors';
import { PageShell } from '../../ui/PageShell';

/** /user/query/create: raise a support ticket (POST /tickets); 'Ticket created successfully!' */
export default function QueryCreatePage() {
  const { t } = useT(TICKETS_NS);
  const categoryOptions = ticketCategories.map((c) => ({ value: c, label: categoryLabel(c) }));
  const create = useCreateTicket();
  const navigate = useNavigate();
  const form = useForm<{ subject: string; category: string; message: string }>({
    initialValues: { subject: '', category: 'general', message: '' },
    validate: (values) => schemaErrors(CreateTicketBody, values),
  });

  const onSubmit = form.onSubmit((values) => {
    const body: NewTicket = {
      subject: values.subject.trim(),
      category: values.category as NewTicket['category'],
      message: values.message.trim(),
    };
    create.mutate(body, {
      onSuccess: (res) => {
        toast.success(serverText(res.message), { duration: 3000 });
        navigate(`/user/queries/${res.ticket.id}`);
      },
      onError: (error) => form.setErrors(serverFieldErrors(error)),
    });
  });

  return (
    <PageShell title={t('create.title')} description={t('create.description')}>
      <Card withBorder radius="lg" padding="lg" maw={760}>
        <form onSubmit={onSubmit} noValidate aria-label={t('create.form')}>
          <Stack gap="md">
            {create.isError && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {ticketError(create.error)}
              </Alert>
            )}
            <TextInput
              label={t('create.subject')}
              required
              maxLength={200}
              {...form.getInputProps('subject')}
            />
            <Select
              label={t('create.category')}
              data={categoryOptions}
              allowDeselect={false}
              w={{ base: '100%', sm: 260 }}
              {...form.getInputProps('category')}
            />
            <Textarea
              label={t('create.message')}
              required
              autosize
              minRows={5}
              maxRows={14}
              maxLength={5000}
              {...form.getInputProps('message')}
            />
            <Group justify="flex-end" gap="sm">
              <Button component={Link} to="/user/queries" variant="default">
                {t('create.cancel')}
              </Button>
              <Button type="submit" leftSection={<IconSend size={16} />} loading={create.isPending}>
                {t('create.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </PageShell>
  );
}
