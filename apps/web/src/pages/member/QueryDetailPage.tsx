import { Alert, Anchor, Card, Divider, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useT } from '../../i18n/i18n';
import { RichText } from '../../i18n/RichText';
import { ticketError, useTicket } from '../../modules/tickets/api/ticketsApi';
import { TicketHeader } from '../../modules/tickets/components/TicketHeader';
import { TicketReplyForm } from '../../modules/tickets/components/TicketReplyForm';
import { TicketThreadView } from '../../modules/tickets/components/TicketThreadView';
import { TICKETS_NS } from '../../modules/tickets/i18n';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

/** /user/queries/{ticketId}: one of the member's tickets, its conversation, and a reply. */
export default function QueryDetailPage() {
  const { t } = useT(TICKETS_NS);
  const { ticketId = '' } = useParams();
  const id = /^\d+$/.test(ticketId) ? Number(ticketId) : null;
  const ticket = useTicket(id);

  return (
    <PageShell
      title={t('query.title')}
      actions={
        <Anchor component={Link} to="/user/queries" size="sm">
          {t('query.back')}
        </Anchor>
      }
    >
      {id === null && (
        <Alert color="red" role="alert" title={t('query.notFound')}>
          {t('query.badAddress')}
        </Alert>
      )}
      {ticket.isError && (
        <LoadError
          title={t('query.loadError')}
          error={new Error(ticketError(ticket.error))}
          onRetry={() => void ticket.refetch()}
          loadedAt={ticket.dataUpdatedAt}
        />
      )}
      <Spinner loading={ticket.isPending && id !== null} />
      {ticket.data !== undefined && (
        <Card withBorder radius="lg" padding="md">
          <Stack gap="md">
            <TicketHeader ticket={ticket.data} />
            <Divider />
            <TicketThreadView messages={ticket.data.responses} viewer="user" />
            <Divider />
            {ticket.data.status === 'closed' ? (
              <Alert color="gray" icon={<IconLock size={18} />} title={t('query.closed')}>
                <RichText
                  text={t('query.closedText')}
                  components={{ link: <Anchor component={Link} to="/user/query/create" /> }}
                />
              </Alert>
            ) : (
              <TicketReplyForm
                ticketId={ticket.data.id}
                label={t('query.reply')}
                submitLabel={t('query.send')}
              />
            )}
          </Stack>
        </Card>
      )}
    </PageShell>
  );
}
