import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { Spinner } from '../../../ui/Spinner';
import {
  type MemberEventItem,
  useMarkAllSeen,
  useMarkEventSeen,
  useMemberEvents,
} from '../api/notificationsApi';

/**
 * What happened to the member's own money and requests, newest first: unread ones stand out, opening
 * one marks it read and goes where its subject is shown; all can be marked read at once.
 */
export function MemberEvents({ onError }: { onError: (error: unknown) => void }) {
  const events = useMemberEvents();
  const markSeen = useMarkEventSeen();
  const markAll = useMarkAllSeen();
  const navigate = useNavigate();

  const open = (e: MemberEventItem) => {
    const go = () => {
      if (e.link) navigate(e.link);
    };
    if (e.seen_at !== null) return go();
    markSeen.mutate(e.id, { onSuccess: go, onError });
  };
  const unread = events.data?.unread ?? 0;

  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={4}>Your account</Title>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconChecks size={16} />}
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate(undefined, { onError })}
          >
            Mark all as read
          </Button>
        </Group>
        {events.isError && (
          <LoadError
            title="Your account's notifications could not be loaded"
            error={events.error}
            onRetry={() => void events.refetch()}
          />
        )}
        <Spinner loading={events.isPending} label="Loading your notifications" />
        {events.data?.events.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            Nothing yet. When a deposit, withdrawal, plan, income, ticket or reward of yours changes, it shows
            here.
          </Text>
        )}
        {events.data && events.data.events.length > 0 && (
          <Stack
            gap="xs"
            component="ul"
            aria-label="Account activity"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {events.data.events.map((e) => (
              <Paper
                key={e.id}
                component="li"
                withBorder
                radius="md"
                p="sm"
                aria-label={e.title}
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
                      <Text fw={600}>{e.title}</Text>
                      {e.seen_at === null && (
                        <Badge size="sm" color="blue">
                          New
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" style={{ wordBreak: 'break-word' }}>
                      {e.message}
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
                      aria-label={`${e.link ? 'Open' : 'Mark as read'}: ${e.title}`}
                    >
                      {e.link ? 'Open' : 'Mark as read'}
                    </Button>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
