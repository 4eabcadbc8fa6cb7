import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { useServerText } from '../../../i18n/server';
import { formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { Spinner } from '../../../ui/Spinner';
import { type MemberEventItem, useMarkEventSeen, useMemberEvents } from '../api/notificationsApi';
import { NOTIFICATIONS_NS } from '../i18n';
import { UnreadOf } from './UnreadOf';

interface MemberEventsProps {
  /** The server's count of unread events (the page's count, unread.ts). */
  unread: number | undefined;
  onError: (error: unknown) => void;
}

/**
 * What happened to the member's own money and requests, newest first, older ones a page at a time:
 * unread ones stand out (New), opening one marks it read and goes where its subject is shown.
 */
export function MemberEvents({ unread, onError }: MemberEventsProps) {
  const { t } = useT(NOTIFICATIONS_NS);
  const serverText = useServerText();
  const events = useMemberEvents();
  const markSeen = useMarkEventSeen();
  const navigate = useNavigate();
  const items = events.data?.pages.flatMap((p) => p.events);

  const open = (e: MemberEventItem) => {
    const go = () => {
      if (e.link) navigate(e.link);
    };
    if (e.seen_at !== null) return go();
    markSeen.mutate(e.id, { onSuccess: go, onError });
  };

  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={4}>{t('events.title')}</Title>
          <UnreadOf count={unread} testId="unread-events" />
        </Group>
        {events.isError && (
          <LoadError
            title={t('events.loadFailed')}
            error={events.error}
            onRetry={() => void events.refetch()}
          />
        )}
        <Spinner loading={events.isPending} label={t('events.loading')} />
        {items?.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            {t('events.empty')}
          </Text>
        )}
        {items !== undefined && items.length > 0 && (
          <Stack
            gap="xs"
            component="ul"
            aria-label={t('events.list')}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {items.map((e) => (
              <Paper
                key={e.id}
                component="li"
                withBorder
                radius="md"
                p="sm"
                aria-label={serverText(e.title)}
                data-seen={e.seen_at !== null}
                style={
                  e.seen_at === null
                    ? {
                        borderLeft: '4px solid var(--mantine-color-blue-6)',
                        background: 'var(--mantine-color-blue-light)',
                      }
                    : undefined
                }
              >
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600}>{serverText(e.title)}</Text>
                      {e.seen_at === null && (
                        <Badge size="sm" color="blue">
                          {t('new')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" style={{ wordBreak: 'break-word' }}>
                      {serverText(e.message)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(e.created_at)}
                    </Text>
                  </Stack>
                  {(e.link !== null || e.seen_at === null) && (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => open(e)}
                      loading={markSeen.isPending && markSeen.variables === e.id}
                      aria-label={t(e.link ? 'events.openNamed' : 'events.markReadNamed', { title: e.title })}
                    >
                      {e.link ? t('events.open') : t('events.markRead')}
                    </Button>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        {events.hasNextPage && (
          <Button
            variant="subtle"
            size="xs"
            onClick={() => void events.fetchNextPage()}
            loading={events.isFetchingNextPage}
          >
            {t('events.older')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
