import { Group, Text } from '@mantine/core';
import type { TopupRecord, TransfersResponse } from '@sgx/contracts';
import type { z } from 'zod';
import { tr, useT } from '../../../i18n/i18n';
import { formatDateTime, orDash } from '../../../ui/format';
import { MemberName } from '../../../ui/MemberName';
import { Money } from '../../../ui/Money';
import { RequestStatusBadge } from '../../../ui/RequestStatusBadge';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { profilePath } from '../../users/profilePath';
import { TOPUPS_NS } from '../i18n';

type TransferRecord = z.infer<typeof TransfersResponse>['transfers'][number];

/** A kind of top-up as the member reads it, in the current language (call it at render time). */
export const topupKindLabel = (kind: TopupRecord['kind']) => tr(`${TOPUPS_NS}:history.kind.${kind}`);

/**
 * The kinds' labels by kind. Each is read when used (a getter), so a label read while rendering follows the
 * language; prefer topupKindLabel in new code.
 */
export const topupKindLabels: Record<TopupRecord['kind'], string> = {
  get topup() {
    return topupKindLabel('topup');
  },
  get retopup() {
    return topupKindLabel('retopup');
  },
  get entry() {
    return topupKindLabel('entry');
  },
  get friend() {
    return topupKindLabel('friend');
  },
};

/**
 * A member of a top-up or transfer: "You" on the member's own list, the counterpart there by name and
 * username (no link); on an admin's list by name and username, linking to the member.
 */
function TopupMember({
  name,
  username,
  id,
  me,
}: {
  name: string;
  username: string;
  id: number;
  me?: number;
}) {
  if (me !== undefined && id === me) return tr(`${TOPUPS_NS}:history.you`);
  return (
    <MemberName name={name} username={username} id={id} to={me === undefined ? profilePath(id) : undefined} />
  );
}

export function TopupsTable({
  rows,
  me,
  emptyText,
}: {
  rows: readonly TopupRecord[];
  me?: number;
  emptyText?: string;
}) {
  const { t: tx } = useT(TOPUPS_NS);
  const columns: ResponsiveColumn<TopupRecord>[] = [
    {
      key: 'id',
      header: tx('history.no'),
      nowrap: true,
      priority: 3,
      hideOnPhone: true,
      render: (t) => `#${t.id}`,
    },
    {
      key: 'to',
      header: tx('history.for'),
      render: (t) => <TopupMember name={t.userto_fullname} username={t.userto} id={t.userto_id} me={me} />,
    },
    {
      key: 'amount',
      header: tx('history.amount'),
      nowrap: true,
      hideOnPhone: true,
      render: (t) => <Money value={t.amount} fw={600} />,
    },
    {
      key: 'kind',
      header: tx('history.kindHeader'),
      nowrap: true,
      priority: 2,
      render: (t) => topupKindLabel(t.kind),
    },
    {
      key: 'by',
      header: tx('history.paidBy'),
      priority: 2,
      render: (t) => <TopupMember name={t.userby_fullname} username={t.userby} id={t.userby_id} me={me} />,
    },
    {
      key: 'at',
      header: tx('history.date'),
      nowrap: true,
      priority: 2,
      render: (t) => formatDateTime(t.created_at),
    },
    {
      key: 'plan',
      header: tx('history.plan'),
      nowrap: true,
      priority: 3,
      render: (t) => orDash(t.plan_name),
    },
    {
      key: 'status',
      header: tx('history.status'),
      nowrap: true,
      priority: 4,
      render: (t) => <RequestStatusBadge status={t.status} />,
    },
  ];
  return (
    <ResponsiveTable
      rows={rows}
      columns={columns}
      rowKey={(t) => t.id}
      emptyText={emptyText ?? tx('history.noTopups')}
      rowLabel={(t) => tx('history.rowLabel', { id: t.id })}
      heading={(t) => (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={600}>
            #{t.id} · <Money value={t.amount} inherit />
          </Text>
          <Text size="xs" c="dimmed">
            {topupKindLabel(t.kind)}
          </Text>
        </Group>
      )}
    />
  );
}

export function TransfersTable({
  rows,
  me,
  emptyText,
}: {
  rows: readonly TransferRecord[];
  me?: number;
  emptyText?: string;
}) {
  const { t: tx } = useT(TOPUPS_NS);
  const columns: ResponsiveColumn<TransferRecord>[] = [
    { key: 'id', header: tx('history.no'), nowrap: true, render: (t) => `#${t.id}` },
    {
      key: 'kind',
      header: tx('history.kindHeader'),
      nowrap: true,
      render: (t) => (t.kind === 'friend' ? topupKindLabel('friend') : tx('history.kind.transfer')),
    },
    {
      key: 'amount',
      header: tx('history.amount'),
      nowrap: true,
      render: (t) =>
        me !== undefined && t.userto_id === me && t.user_id !== me ? (
          <Money value={t.amount} fw={600} c="teal" />
        ) : (
          <Money value={t.amount} fw={600} />
        ),
    },
    {
      key: 'from',
      header: tx('history.from'),
      render: (t) => <TopupMember name={t.fullname} username={t.username} id={t.user_id} me={me} />,
    },
    {
      key: 'to',
      header: tx('history.to'),
      render: (t) => <TopupMember name={t.userto_fullname} username={t.userto} id={t.userto_id} me={me} />,
    },
    { key: 'at', header: tx('history.date'), nowrap: true, render: (t) => formatDateTime(t.created_at) },
  ];
  return (
    <ResponsiveTable
      rows={rows}
      columns={columns}
      rowKey={(t) => t.id}
      emptyText={emptyText ?? tx('history.noTransfers')}
      minWidth={720}
    />
  );
}
