import { Badge, Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../i18n/i18n';
import { ApiErrorAlert } from '../../ui/ApiErrorAlert';
import { formatDateTime } from '../../ui/format';
import { Spinner } from '../../ui/Spinner';
import { useIdentityQueue } from './api';
import { IDENTITY_NS } from './i18n';
import { stateColor } from './MemberIdentity';

/** The compliance queue, oldest first, one card per submission (readable on a phone), paged by keyset. */
export function ReviewQueue({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useT(IDENTITY_NS);
  const [state, setState] = useState('open');
  const [pages, setPages] = useState<(number | undefined)[]>([undefined]);
  const after = pages[pages.length - 1];
  const queue = useIdentityQueue(state, after);
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={state}
        onChange={(v) => {
          setState(v);
          setPages([undefined]);
        }}
        data={[
          { value: 'open', label: t('queue.open') },
          { value: 'approved', label: t('queue.approvedList') },
          { value: 'rejected', label: t('queue.rejectedList') },
        ]}
        aria-label={t('queue.filter')}
      />
      <Spinner loading={queue.isPending} />
      {queue.isError && <ApiErrorAlert error={queue.error} />}
      {queue.data?.submissions.length === 0 && <Text c="dimmed">{t('queue.empty')}</Text>}
      {queue.data?.submissions.map((s) => (
        <Card key={s.id} withBorder radius="md" padding="sm" data-testid="identity-queue-item">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={2}>
              <Text fw={600}>{s.username}</Text>
              <Text size="sm" c="dimmed">
                {t(`level.${s.level}`)} · {formatDateTime(s.submitted_at)}
                {s.provider !== 'review' ? ` · ${s.provider}` : ''}
              </Text>
            </Stack>
            <Group gap="xs">
              <Badge color={stateColor[s.state]} variant="light">
                {t(`state.${s.state}`)}
              </Badge>
              {/* Not while the list is read again: a card kept from before may be decided already (back from a
                  decision, the member's new submission is a new card). */}
              <Button
                size="xs"
                onClick={() => onOpen(s.id)}
                disabled={queue.isFetching}
                data-testid={`identity-open-${s.id}`}
              >
                {t('queue.review')}
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
      <Group justify="space-between">
        {pages.length > 1 && (
          <Button variant="default" size="xs" onClick={() => setPages((p) => p.slice(0, -1))}>
            ←
          </Button>
        )}
        {queue.data?.next != null && (
          <Button
            variant="default"
            size="xs"
            onClick={() => setPages((p) => [...p, queue.data?.next ?? undefined])}
          >
            {t('queue.more')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
