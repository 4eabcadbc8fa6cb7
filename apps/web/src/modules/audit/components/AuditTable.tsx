import { Anchor, Code, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { type Column, DataTable } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/format';
import type { AuditEntry } from '../api/auditApi';
import { AUDIT_NS } from '../i18n';

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/** Audit entries, newest first: when, who, what, on whom, the record, why, and before/after as written. */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  const { t } = useT(AUDIT_NS);
  const columns: Column<AuditEntry>[] = [
    { key: 'when', header: t('table.when'), nowrap: true, render: (e) => formatDateTime(e.created_at) },
    {
      key: 'who',
      header: t('table.who'),
      render: (e) =>
        e.actor_id === null ? (
          t('table.system')
        ) : (
          <Text size="sm" ff="monospace">
            {e.actor_name ?? `#${e.actor_id}`}
          </Text>
        ),
    },
    {
      key: 'action',
      header: t('table.action'),
      render: (e) => (
        <Stack gap={2}>
          <Code>{e.kind}</Code>
          {e.approved_by !== null && (
            <Text size="xs" c="dimmed">
              {t('table.approvedBy', { id: e.approved_by })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'member',
      header: t('table.member'),
      priority: 2,
      render: (e) =>
        e.member_id === null ? (
          '—'
        ) : (
          <Anchor component={Link} to={`/admin/check/profile/${e.member_id}`} size="sm" ff="monospace">
            {e.member_name ?? `#${e.member_id}`}
          </Anchor>
        ),
    },
    {
      key: 'record',
      header: t('table.record'),
      priority: 3,
      render: (e) => <Code>{e.entity_id === null ? e.entity : `${e.entity}:${e.entity_id}`}</Code>,
    },
    { key: 'reason', header: t('table.reason'), priority: 1, render: (e) => e.reason ?? '—' },
    {
      key: 'changes',
      header: t('table.changes'),
      priority: 4,
      render: (e) => (
        <Stack gap={2} style={{ maxWidth: 360 }}>
          {json(e.before) !== '' && (
            <Text size="xs" ff="monospace" c="red.9" style={{ overflowWrap: 'anywhere' }}>
              − {json(e.before)}
            </Text>
          )}
          {json(e.after) !== '' && (
            <Text size="xs" ff="monospace" c="teal.9" style={{ overflowWrap: 'anywhere' }}>
              + {json(e.after)}
            </Text>
          )}
        </Stack>
      ),
    },
  ];
  return (
    <DataTable
      rows={entries}
      columns={columns}
      rowKey={(e) => e.id}
      caption={t('table.caption')}
      emptyText={t('table.empty')}
      rowLabel={(e) => `${e.kind} #${e.id}`}
    />
  );
}
