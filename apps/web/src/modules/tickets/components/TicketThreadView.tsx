import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useT } from '../../../i18n/i18n';
import { formatDateTime } from '../../../ui/format';
import type { TicketMessage } from '../api/ticketsApi';
import { TICKETS_NS } from '../i18n';

interface TicketThreadViewProps {
  messages: readonly TicketMessage[];
  /** Whose screen this is: their own messages sit on the right. */
  viewer: 'user' | 'admin';
}

/** The conversation of a ticket as chat bubbles, oldest first. */
export function TicketThreadView({ messages, viewer }: TicketThreadViewProps) {
  const { t } = useT(TICKETS_NS);
  if (messages.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('thread.none')}
      </Text>
    );
  }
  return (
    <Stack
      gap="sm"
      component="ol"
      aria-label={t('thread.conversation')}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {messages.map((m) => {
        const mine = m.author_role === viewer;
        const support = m.author_role === 'admin';
        return (
          <Group
            key={m.id}
            component="li"
            justify={mine ? 'flex-end' : 'flex-start'}
            data-role={m.author_role}
          >
            <Paper
              radius="lg"
              p="sm"
              maw={{ base: '92%', sm: '75%' }}
              bg={support ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-gray-light)'}
              style={{
                borderBottomRightRadius: mine ? 4 : undefined,
                borderBottomLeftRadius: mine ? undefined : 4,
              }}
            >
              <Group gap={6} mb={4} wrap="wrap">
                <Text size="xs" fw={700}>
                  {support
                    ? viewer === 'admin'
                      ? m.author
                      : t('thread.supportTeam')
                    : viewer === 'user'
                      ? t('thread.you')
                      : m.author}
                </Text>
                {support && (
                  <Badge size="xs" variant="light">
                    {t('thread.support')}
                  </Badge>
                )}
                <Text size="xs" c="dimmed">
                  {formatDateTime(m.created_at)}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {m.message}
              </Text>
            </Paper>
          </Group>
        );
      })}
    </Stack>
  );
}
