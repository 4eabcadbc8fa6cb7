import { Group, Text } from '@mantine/core';
import type { TopupRecord, TransfersResponse } from '@sgx/contracts';
import type { z } from 'zod';
import { formatDateTime, orDash } from '../../../ui/format';
import { MemberName } from '../../../ui/MemberName';
import { Money } from '../../../ui/Money';
import { RequestStatusBadge } from '../../../ui/RequestStatusBadge';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { profilePath } from '../../users/profilePath';

type TransferRecord = z.infer<typeof TransfersResponse>['transfers'][number];

export const topupKindLabels: Record<TopupRecord['kind'], string> = {
  topup: 'Top-up',
  retopup: 'Re-top-up',
  entry: 'Activation fee',
  friend: 'Friend top-up',
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
  if (me !== undefined && id === me) return 'You';
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
  const columns: ResponsiveColumn<TopupRecord>[] = [
    { key: 'id', header: 'No.', nowrap: true, priority: 3, hideOnPhone: true, render: (t) => `#${t.id}` },
    {
      key: 'to',
      header: 'For',
      render: (t) => <TopupMember name={t.userto_fullname} username={t.userto} id={t.userto_id} me={me} />,
    },
    {
      key: 'amount',
      header: 'Amount',
      nowrap: true,
      hideOnPhone: true,
      render: (t) => <Money value={t.amount} fw={600} />,
    },
    { key: 'kind', header: 'Kind', nowrap: true, priority: 2, render: (t) => topupKindLabels[t.kind] },
    {
      key: 'by',
      header: 'Paid by',
      priority: 2,
      render: (t) => <TopupMember name={t.userby_fullname} username={t.userby} id={t.userby_id} me={me} />,
    },
    { key: 'at', header: 'Date', nowrap: true, priority: 2, render: (t) => formatDateTime(t.created_at) },
    { key: 'plan', header: 'Plan', nowrap: true, priority: 3, render: (t) => orDash(t.plan_name) },
    {
      key: 'status',
      header: 'Status',
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
      emptyText={emptyText ?? 'No top-ups yet.'}
      rowLabel={(t) => `top-up ${t.id}`}
      heading={(t) => (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={600}>
            #{t.id} · <Money value={t.amount} inherit />
          </Text>
          <Text size="xs" c="dimmed">
            {topupKindLabels[t.kind]}
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
  const columns: ResponsiveColumn<TransferRecord>[] = [
    { key: 'id', header: 'No.', nowrap: true, render: (t) => `#${t.id}` },
    {
      key: 'kind',
      header: 'Kind',
      nowrap: true,
      render: (t) => (t.kind === 'friend' ? 'Friend top-up' : 'Transfer'),
    },
    {
      key: 'amount',
      header: 'Amount',
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
      header: 'From',
      render: (t) => <TopupMember name={t.fullname} username={t.username} id={t.user_id} me={me} />,
    },
    {
      key: 'to',
      header: 'To',
      render: (t) => <TopupMember name={t.userto_fullname} username={t.userto} id={t.userto_id} me={me} />,
    },
    { key: 'at', header: 'Date', nowrap: true, render: (t) => formatDateTime(t.created_at) },
  ];
  return (
    <ResponsiveTable
      rows={rows}
      columns={columns}
      rowKey={(t) => t.id}
      emptyText={emptyText ?? 'No transfers yet.'}
      minWidth={720}
    />
  );
}
