import { Badge } from '@mantine/core';
import { CopyText } from '../../../ui/CopyText';
import { formatDateTime } from '../../../ui/format';
import { Money } from '../../../ui/Money';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
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
    { key: 'created', header: 'Issued', nowrap: true, render: (c) => formatDateTime(c.created_at) },
    {
      key: 'by',
      header: 'Redeemed by',
      nowrap: true,
      render: (c) => (c.redeemed_by === null ? '-' : `member #${c.redeemed_by}`),
    },
    { key: 'at', header: 'Redeemed at', nowrap: true, render: (c) => formatDateTime(c.redeemed_at) },
  ];
  return (
    <ResponsiveTable
      rows={rows}
      columns={columns}
      rowKey={(c) => c.id}
      emptyText={emptyText ?? 'No codes yet.'}
      minWidth={820}
    />
  );
}
