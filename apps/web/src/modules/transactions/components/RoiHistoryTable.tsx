import { Text } from '@mantine/core';
import type { TransactionRecord } from '@sgx/contracts';
import { type Column, DataTable } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/format';
import { formatPercent, Money } from '../../../ui/Money';
import { detailText, usdOf } from './explain';
import { transactionRowKey } from './TransactionsTable';

function field(row: TransactionRecord, key: string) {
  return detailText(row.details, key);
}

/** Daily ROI credits with the plan amount each was paid on (the claim's details). */
export function RoiHistoryTable({ rows }: { rows: readonly TransactionRecord[] }) {
  const columns: Column<TransactionRecord>[] = [
    { key: 'day', header: 'Business day', nowrap: true, render: (t) => field(t, 'business_date') ?? '-' },
    { key: 'plan', header: 'Invested (plan)', nowrap: true, render: (t) => usdOf(field(t, 'base')) ?? '-' },
    {
      key: 'rate',
      header: 'Daily rate',
      nowrap: true,
      render: (t) => {
        const rate = field(t, 'rate_percent');
        return rate === null ? '-' : formatPercent(rate);
      },
    },
    { key: 'due', header: 'Due', nowrap: true, render: (t) => usdOf(field(t, 'due')) ?? '-' },
    {
      key: 'paid',
      header: 'Paid',
      nowrap: true,
      render: (t) => <Money value={t.amount} fw={600} c="teal" />,
    },
    {
      key: 'note',
      header: 'Note',
      render: (t) => {
        const due = field(t, 'due');
        const paid = field(t, 'paid');
        return due !== null && paid !== null && due !== paid ? (
          <Text size="xs" c="orange">
            Cut at your earning cap
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            {t.status === 'reversed' ? 'Reversed' : 'Paid in full'}
          </Text>
        );
      },
    },
    { key: 'at', header: 'Credited at', nowrap: true, render: (t) => formatDateTime(t.created_at) },
  ];
  return (
    <DataTable
      rows={rows}
      columns={columns}
      rowKey={transactionRowKey}
      emptyText="No ROI yet. Watch today's video to claim your daily ROI."
      minWidth={760}
    />
  );
}
