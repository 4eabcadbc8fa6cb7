import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TicketResponseBody } from '@sgx/contracts';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import toast from 'react-hot-toast';
import { serverText } from '../../../i18n/server';
import { schemaErrors } from '../../../ui/formErrors';
import { ticketError, useReplyToTicket } from '../api/ticketsApi';

interface TicketReplyFormProps {
  ticketId: number;
  label: string;
  submitLabel: string;
}

/** POST /tickets/{id}/responses; 'Response added successfully!' */
export function TicketReplyForm({ ticketId, label, submitLabel }: TicketReplyFormProps) {
  const reply = useReplyToTicket(ticketId);
  const form = useForm({
    initialValues: { message: '' },
    validate: (values) => schemaErrors(TicketResponseBody, values),
  });
  const onSubmit = form.onSubmit((values) => {
    reply.mutate(values.message.trim(), {
      onSuccess: (res) => {
        form.reset();
        toast.success(serverText(res.message), { duration: 3000 });
      },
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="sm">
        {reply.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {ticketError(reply.error)}
          </Alert>
        )}
        <Textarea
          label={label}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={5000}
          {...form.getInputProps('message')}
        />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSend size={16} />} loading={reply.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
