import { Text } from '@mantine/core';
import type { TransactionRecord } from '@sgx/contracts';
import { useT } from '../../../i18n/i18n';
import { type Column, DataTable } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/format';
import { formatPercent, Money } from '../../../ui/Money';
import { detailText, TRANSACTIONS_NS, usdOf } from './explain';
import { transactionRowKey } from './TransactionsTable';

function field(row: TransactionRecord, key: string) {
  return detailText(row.details, key);
}

/** Daily ROI credits with the plan amount each was paid on (the claim's details). */
export function RoiHistoryTable({ rows }: { rows: readonly TransactionRecord[] }) {
  const { t: tt } = useT(TRANSACTIONS_NS);
  const columns: Column<TransactionRecord>[] = [
    {
      key: 'day',
      header: tt('roi.businessDay'),
      nowrap: true,
      render: (t) => field(t, 'business_date') ?? '-',
    },
    { key: 'plan', header: tt('roi.invested'), nowrap: true, render: (t) => usdOf(field(t, 'base')) ?? '-' },
    {
      key: 'rate',
      header: tt('roi.dailyRate'),
      nowrap: true,
      render: (t) => {
        const rate = field(t, 'rate_percent');
        return rate === null ? '-' : formatPercent(rate);
      },
    },
    { key: 'due', header: tt('roi.due'), nowrap: true, render: (t) => usdOf(field(t, 'due')) ?? '-' },
    {
      key: 'paid',
      header: tt('roi.paid'),
      nowrap: true,
      render: (t) => <Money value={t.amount} fw={600} c="teal" />,
    },
    {
      key: 'note',
      header: tt('roi.note'),
      render: (t) => {
        const due = field(t, 'due');
        const paid = field(t, 'paid');
        return due !== null && paid !== null && due !== paid ? (
          <Text size="xs" c="orange">
            {tt('roi.cut')}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            {t.status === 'reversed' ? tt('roi.reversed') : tt('roi.paidInFull')}
          </Text>
        );
      },
    },
    { key: 'at', header: tt('roi.creditedAt'), nowrap: true, render: (t) => formatDateTime(t.created_at) },
  ];
  return (
    <DataTable
      rows={rows}
      columns={columns}
      rowKey={transactionRowKey}
      emptyText={tt('roi.empty')}
      minWidth={760}
    />
  );
}
