import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/i18n';
import { formatDateTime } from '../../../ui/format';
import { categoryLabel, type TicketThread } from '../api/ticketsApi';
import { TICKETS_NS } from '../i18n';
import { TicketStatusBadge } from './TicketStatusBadge';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** Subject, reference, status and dates of a ticket. */
export function TicketHeader({ ticket, showMember = false }: { ticket: TicketThread; showMember?: boolean }) {
  const { t } = useT(TICKETS_NS);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Title order={3} fz="lg" style={{ wordBreak: 'break-word', flex: '1 1 240px' }}>
          {ticket.subject}
        </Title>
        <TicketStatusBadge status={ticket.status} />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: showMember ? 5 : 4 }} spacing="sm">
        <Fact label={t('header.ticket')}>
          <Text span ff="monospace" size="sm">
            {ticket.ticket_id}
          </Text>
        </Fact>
        {showMember && <Fact label={t('header.member')}>{ticket.username}</Fact>}
        <Fact label={t('header.category')}>{categoryLabel(ticket.category)}</Fact>
        <Fact label={t('header.opened')}>{formatDateTime(ticket.created_at)}</Fact>
        <Fact label={t('header.lastActivity')}>{formatDateTime(ticket.updated_at)}</Fact>
      </SimpleGrid>
    </Stack>
  );
}
