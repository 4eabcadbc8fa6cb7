import { Badge } from '@mantine/core';
import { CopyText } from '../../../ui/CopyText';
import { formatDateTime } from '../../../ui/format';
import { MemberName } from '../../../ui/MemberName';
import { Money } from '../../../ui/Money';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { profilePath } from '../../users/profilePath';
import type { Code } from '../api/codesApi';

export function CodesTable({ rows, emptyText }: { rows: readonly Code[]; emptyText?: string }) {
  const columns: ResponsiveColumn<Code>[] = [
    {
      key: 'code',
      header: 'Code',
      nowrap: true,
      wide: true,
      render: (c) => <CopyText value={c.code} label={`code ${c.code}`} />,
    },
    { key: 'amount', header: 'Value', nowrap: true, render: (c) => <Money value={c.amount} fw={600} /> },
    {
      key: 'status',
      header: 'Status',
      nowrap: true,
      priority: 2,
      render: (c) => (
        <Badge
          variant="light"
          size="sm"
          color={c.redeemed_at === null ? 'indigo' : 'gray'}
          style={{ minWidth: 'max-content' }}
        >
          {c.redeemed_at === null ? 'unused' : 'redeemed'}
        </Badge>
      ),
    },
    {
      key: 'by',
      header: 'Redeemed by',
      priority: 2,
      render: (c) =>
        c.redeemed_by === null ? (
          '-'
        ) : (
          <MemberName
            name={c.redeemed_by_fullname}
            username={c.redeemed_by_username ?? `member #${c.redeemed_by}`}
            id={c.redeemed_by}
            to={profilePath(c.redeemed_by)}
          />
        ),
    },
    {
      key: 'created',
      header: 'Issued',
      nowrap: true,
      priority: 3,
      render: (c) => formatDateTime(c.created_at),
    },
    {
      key: 'at',
      header: 'Redeemed at',
      nowrap: true,
      priority: 3,
      render: (c) => formatDateTime(c.redeemed_at),
    },
  ];
  return (
    <ResponsiveTable
      rows={rows}
      columns={columns}
      rowKey={(c) => c.id}
      emptyText={emptyText ?? 'No codes yet.'}
      rowLabel={(c) => `code ${c.code}`}
    />
  );
}
