import { Badge, Button, Group, Modal, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { SectionCard } from '../../../ui/SectionCard';
import { Spinner } from '../../../ui/Spinner';
import { type OutboxMail, useOutbox } from '../api/recoveryApi';
import { RECOVERY_NS } from '../i18n';

const statusColors: Record<OutboxMail['status'], string> = { sent: 'teal', failed: 'red', kept: 'gray' };

/** The mail outbox (GET /outbox): what the platform e-mailed, or kept here when no SMTP server is set. */
export function OutboxPanel() {
  const { t } = useT(RECOVERY_NS);
  const outbox = useOutbox();
  const [open, setOpen] = useState<OutboxMail | null>(null);

  const columns: ResponsiveColumn<OutboxMail>[] = [
    { key: 'when', header: t('outbox.created'), nowrap: true, render: (m) => formatDateTime(m.created_at) },
    { key: 'to', header: t('outbox.to'), nowrap: true, render: (m) => m.to },
    { key: 'subject', header: t('outbox.subject'), wide: true, render: (m) => m.subject },
    {
      key: 'via',
      header: t('outbox.delivery'),
      nowrap: true,
      render: (m) => (
        <Group gap={4} wrap="nowrap">
          <Badge variant="outline" color="gray" size="sm">
            {m.delivered_via === 'smtp' ? t('outbox.smtp') : t('outbox.outbox')}
          </Badge>
          <Badge variant="light" color={statusColors[m.status]} size="sm">
            {t(`outbox.status.${m.status}`)}
          </Badge>
        </Group>
      ),
    },
    {
      key: 'actions',
      header: t('outbox.actions'),
      stickyEnd: true,
      render: (m) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setOpen(m)}
          disabled={m.body === null}
          aria-label={t('outbox.readLabel', { subject: m.subject, to: m.to })}
        >
          {t('outbox.read')}
        </Button>
      ),
    },
  ];

  return (
    <SectionCard
      title={t('outbox.title')}
      description={t('outbox.intro')}
      actions={
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void outbox.refetch()}
          loading={outbox.isFetching}
        >
          {t('outbox.refresh')}
        </Button>
      }
    >
      {outbox.isError && (
        <LoadError
          title={t('outbox.loadError')}
          error={outbox.error}
          onRetry={() => void outbox.refetch()}
          loadedAt={outbox.dataUpdatedAt}
        />
      )}
      <Spinner loading={outbox.isPending} />
      {outbox.data !== undefined && (
        <ResponsiveTable
          rows={outbox.data}
          columns={columns}
          rowKey={(m) => m.id}
          emptyText={t('outbox.empty')}
          minWidth={760}
          heading={(m) => (
            <Text fw={600} size="sm">
              {m.subject}
            </Text>
          )}
        />
      )}
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open?.subject ?? ''}
        centered
        size="lg"
      >
        <Text size="xs" c="dimmed" mb="xs">
          {t('outbox.sentTo', { to: open?.to ?? '', time: formatDateTime(open?.created_at) })}
        </Text>
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {open?.body}
        </Text>
      </Modal>
    </SectionCard>
  );
}
