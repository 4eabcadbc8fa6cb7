import type { TopupRecord, TransfersResponse } from '@sgx/contracts';
import type { z } from 'zod';
import { formatDateTime, orDash } from '../../../ui/format';
import { Money } from '../../../ui/Money';
import { RequestStatusBadge } from '../../../ui/RequestStatusBadge';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';

type TransferRecord = z.infer<typeof TransfersResponse>['transfers'][number];

export const topupKindLabels: Record<TopupRecord['kind'], string> = {
  topup: 'Top-up',
  retopup: 'Re-top-up',
  entry: 'Activation fee',
  friend: 'Friend top-up',
};

const who = (name: string, id: number, me?: number) =>
  me !== undefined && id === me ? 'You' : `${name} (#${id})`;

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
    { key: 'id', header: 'No.', nowrap: true, render: (t) => `#${t.id}` },
    { key: 'kind', header: 'Kind', nowrap: true, render: (t) => topupKindLabels[t.kind] },
    { key: 'plan', header: 'Plan', nowrap: true, render: (t) => orDash(t.plan_name) },
    { key: 'amount', header: 'Amount', nowrap: true, render: (t) => <Money value={t.amount} fw={600} /> },
    { key: 'by', header: 'Paid by', nowrap: true, render: (t) => who(t.userby, t.userby_id, me) },
    { key: 'to', header: 'For', nowrap: true, render: (t) => who(t.userto, t.userto_id, me) },
    {
      key: 'status',
      header: 'Status',
      nowrap: true,
      render: (t) => <RequestStatusBadge status={t.status} />,
    },
    { key: 'at', header: 'Date', nowrap: true, render: (t) => formatDateTime(t.created_at) },
  ];
  return (
    <ResponsiveTable
      rows={rows}
      columns={columns}
      rowKey={(t) => t.id}
      emptyText={emptyText ?? 'No top-ups yet.'}
      minWidth={900}
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
    { key: 'from', header: 'From', nowrap: true, render: (t) => who(t.username, t.user_id, me) },
    { key: 'to', header: 'To', nowrap: true, render: (t) => who(t.userto, t.userto_id, me) },
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
