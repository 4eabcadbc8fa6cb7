import { Badge, Button, Group, Modal, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { SectionCard } from '../../../ui/SectionCard';
import { Spinner } from '../../../ui/Spinner';
import { type OutboxMail, useOutbox } from '../api/recoveryApi';

const statusColors: Record<OutboxMail['status'], string> = { sent: 'teal', failed: 'red', kept: 'gray' };

/** The mail outbox (GET /outbox): what the platform e-mailed, or kept here when no SMTP server is set. */
export function OutboxPanel() {
  const outbox = useOutbox();
  const [open, setOpen] = useState<OutboxMail | null>(null);

  const columns: ResponsiveColumn<OutboxMail>[] = [
    { key: 'when', header: 'Created', nowrap: true, render: (m) => formatDateTime(m.created_at) },
    { key: 'to', header: 'To', nowrap: true, render: (m) => m.to },
    { key: 'subject', header: 'Subject', wide: true, render: (m) => m.subject },
    {
      key: 'via',
      header: 'Delivery',
      nowrap: true,
      render: (m) => (
        <Group gap={4} wrap="nowrap">
          <Badge variant="outline" color="gray" size="sm">
            {m.delivered_via === 'smtp' ? 'SMTP' : 'Outbox'}
          </Badge>
          <Badge variant="light" color={statusColors[m.status]} size="sm">
            {m.status}
          </Badge>
        </Group>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      stickyEnd: true,
      render: (m) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setOpen(m)}
          disabled={m.body === null}
          aria-label={`Read ${m.subject} to ${m.to}`}
        >
          Read
        </Button>
      ),
    },
  ];

  return (
    <SectionCard
      title="Mail outbox"
      description="E-mails sent by the platform (password resets, codes). Without an SMTP server they are kept here."
      actions={
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void outbox.refetch()}
          loading={outbox.isFetching}
        >
          Refresh
        </Button>
      }
    >
      {outbox.isError && (
        <LoadError
          title="The outbox could not be loaded"
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
          emptyText="No e-mails yet."
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
          To {open?.to} · {formatDateTime(open?.created_at)}
        </Text>
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {open?.body}
        </Text>
      </Modal>
    </SectionCard>
  );
}
