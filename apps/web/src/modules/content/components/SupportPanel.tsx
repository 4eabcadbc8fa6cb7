import {
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconMessageReply } from '@tabler/icons-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { tr, useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { ApiErrorAlert } from '../../../ui/ApiErrorAlert';
import { formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { SectionCard } from '../../../ui/SectionCard';
import { Spinner } from '../../../ui/Spinner';
import { type SupportEntry, useSupportList, useUpdateSupport } from '../api/contentApi';
import { CONTENT_NS } from '../i18n';

type SupportStatus = SupportEntry['status'];
const statusColors: Record<SupportStatus, string> = { open: 'blue', answered: 'teal', closed: 'gray' };
const statuses = Object.keys(statusColors) as SupportStatus[];
const statusLabel = (s: SupportStatus) => tr(`content:support.status.${s}`);
const statusOptions = () => statuses.map((s) => ({ value: s, label: statusLabel(s) }));

function SupportStatusBadge({ status }: { status: SupportStatus }) {
  return (
    <Badge variant="light" color={statusColors[status]} style={{ minWidth: 'max-content' }}>
      {statusLabel(status)}
    </Badge>
  );
}

function ReplyDialog({ item, onClose }: { item: SupportEntry; onClose: () => void }) {
  const { t } = useT(CONTENT_NS);
  const update = useUpdateSupport();
  const [reply, setReply] = useState('');
  const [status, setStatus] = useState<SupportStatus>(item.status === 'open' ? 'answered' : item.status);
  const [error, setError] = useState<string | null>(null);
  const text = reply.trim();
  const statusChanged = status !== item.status;

  const send = () => {
    if (text === '' && !statusChanged) {
      setError(t('support.writeReply'));
      return;
    }
    update.mutate(
      { id: item.id, body: { ...(text !== '' ? { reply: text } : {}), status } },
      {
        onSuccess: (res) => {
          toast.success(serverText(res.message), { duration: 3000 });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={() => !update.isPending && onClose()}
      title={t('support.replyTo', { username: item.username })}
      centered
      size="lg"
    >
      <Stack gap="md">
        <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-light)">
          <Text size="sm" fw={600}>
            {item.subject}
          </Text>
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {item.message}
          </Text>
          {item.reply !== null && (
            <Text size="sm" mt="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              {t('support.earlier', { when: formatDateTime(item.replied_at), reply: item.reply })}
            </Text>
          )}
        </Paper>
        {update.isError && <ApiErrorAlert error={update.error} />}
        <Textarea
          label={t('support.reply')}
          description={item.reply !== null ? t('support.replaces') : undefined}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={5000}
          value={reply}
          onChange={(e) => {
            setReply(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <Select
          label={t('support.statusLabel')}
          data={statusOptions()}
          value={status}
          onChange={(v) => {
            if (v !== null) setStatus(v as SupportStatus);
            setError(null);
          }}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            {t('support.cancel')}
          </Button>
          <Button onClick={send} loading={update.isPending}>
            {t('support.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Support messages from members (GET /support/list), answered with PUT /support/{id} {reply, status}. */
export function SupportPanel() {
  const { t } = useT(CONTENT_NS);
  const support = useSupportList();
  const [filter, setFilter] = useState<'all' | SupportStatus>('open');
  const [replying, setReplying] = useState<SupportEntry | null>(null);
  const rows = (support.data ?? []).filter((m) => filter === 'all' || m.status === filter);

  const columns: ResponsiveColumn<SupportEntry>[] = [
    {
      key: 'member',
      header: t('support.member'),
      nowrap: true,
      render: (m) => m.username,
      hideOnPhone: true,
    },
    {
      key: 'message',
      header: t('support.message'),
      wide: true,
      render: (m) => (
        <div style={{ maxWidth: 420 }}>
          <Text size="sm" fw={600}>
            {m.subject}
          </Text>
          <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
            {m.message}
          </Text>
        </div>
      ),
    },
    {
      key: 'reply',
      header: t('support.reply'),
      wide: true,
      render: (m) =>
        m.reply === null ? (
          <Text size="sm" c="dimmed">
            {t('support.noReply')}
          </Text>
        ) : (
          <Text size="sm" lineClamp={3} maw={320} style={{ whiteSpace: 'pre-wrap' }}>
            {m.reply}
          </Text>
        ),
    },
    {
      key: 'status',
      header: t('support.statusLabel'),
      nowrap: true,
      render: (m) => <SupportStatusBadge status={m.status} />,
    },
    { key: 'sent', header: t('support.sent'), nowrap: true, render: (m) => formatDateTime(m.created_at) },
    {
      key: 'actions',
      writeArea: 'tickets',
      header: t('support.actions'),
      stickyEnd: true,
      render: (m) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconMessageReply size={14} />}
          onClick={() => setReplying(m)}
          aria-label={t('support.replyToMessage', { username: m.username, subject: m.subject })}
        >
          {t('support.reply')}
        </Button>
      ),
    },
  ];

  return (
    <SectionCard title={t('support.title')} description={t('support.description')}>
      <Group mb="sm">
        <SegmentedControl
          aria-label={t('support.filter')}
          value={filter}
          onChange={(v) => setFilter(v as typeof filter)}
          data={[{ value: 'all', label: t('support.all') }, ...statusOptions()]}
          size="xs"
        />
      </Group>
      {support.isError && (
        <LoadError
          title={t('support.loadError')}
          error={support.error}
          onRetry={() => void support.refetch()}
          loadedAt={support.dataUpdatedAt}
        />
      )}
      <Spinner loading={support.isPending} />
      {support.data !== undefined && (
        <ResponsiveTable
          rows={rows}
          columns={columns}
          rowKey={(m) => m.id}
          emptyText={filter === 'all' ? t('support.empty') : t(`support.none.${filter}`)}
          minWidth={860}
          heading={(m) => (
            <Group justify="space-between" gap="xs">
              <Text fw={600} size="sm">
                {m.username}
              </Text>
            </Group>
          )}
        />
      )}
      {replying !== null && (
        <ReplyDialog key={replying.id} item={replying} onClose={() => setReplying(null)} />
      )}
    </SectionCard>
  );
}
