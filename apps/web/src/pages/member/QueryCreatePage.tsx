import { Alert, Button, Card, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CreateTicketBody } from '@sgx/contracts';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import {
  categoryLabel,
  type NewTicket,
  ticketCategories,
  ticketError,
  useCreateTicket,
} from '../../modules/tickets/api/ticketsApi';
import { schemaErrors, serverFieldErrors } from '../../ui/formErrors';
import { PageShell } from '../../ui/PageShell';

const categoryOptions = ticketCategories.map((c) => ({ value: c, label: categoryLabel(c) }));

/** /user/query/create: raise a support ticket (POST /tickets); 'Ticket created successfully!' */
export default function QueryCreatePage() {
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
        toast.success(res.message, { duration: 3000 });
        navigate(`/user/queries/${res.ticket.id}`);
      },
      onError: (error) => form.setErrors(serverFieldErrors(error)),
    });
  });

  return (
    <PageShell
      title="New Query"
      description="Tell the support team what you need. You can follow the answers in My Queries."
    >
      <Card withBorder radius="lg" padding="lg" maw={760}>
        <form onSubmit={onSubmit} noValidate aria-label="New query">
          <Stack gap="md">
            {create.isError && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {ticketError(create.error)}
              </Alert>
            )}
            <TextInput label="Subject" required maxLength={200} {...form.getInputProps('subject')} />
            <Select
              label="Category"
              data={categoryOptions}
              allowDeselect={false}
              w={{ base: '100%', sm: 260 }}
              {...form.getInputProps('category')}
            />
            <Textarea
              label="Message"
              required
              autosize
              minRows={5}
              maxRows={14}
              maxLength={5000}
              {...form.getInputProps('message')}
            />
            <Group justify="flex-end" gap="sm">
              <Button component={Link} to="/user/queries" variant="default">
                Cancel
              </Button>
              <Button type="submit" leftSection={<IconSend size={16} />} loading={create.isPending}>
                Send query
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </PageShell>
  );
}
