import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { TransactionRecord } from '@sgx/contracts';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import { formatDateTime } from '../../../ui/format';
import { MemberName } from '../../../ui/MemberName';
import { formatMoney } from '../../../ui/Money';
import { RequestStatusBadge } from '../../../ui/RequestStatusBadge';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { profilePath } from '../../users/profilePath';
import { detailText, explainDetails, sourceLabel, TRANSACTIONS_NS, walletLabel } from './explain';

/** Sources the server reverses (plain money movements and income); the rest are corrected elsewhere. */
const reversibleSources = new Set([
  'deposit',
  'transfer',
  'code',
  'adjustment',
  'compound',
  'roi_income',
  'level_month',
  'direct_income',
  'reward',
  'salary',
  'cto',
  'reward_level',
]);

export function isReversible(t: TransactionRecord): boolean {
  return (
    t.status === 'completed' && reversibleSources.has(t.source) && detailText(t.details, 'reverses') === null
  );
}

export const transactionRowKey = (t: TransactionRecord) =>
  `${t.transaction_id}:${t.user_id ?? 0}:${t.wallet ?? ''}:${t.transaction_type}`;

/** A ledger row's amount with its direction: +$10.00 in green (credit) or -$10.00 in red (debit). */
export function SignedAmount({ row }: { row: TransactionRecord }) {
  const credit = row.transaction_type === 'credit';
  return (
    <Text span ff="monospace" fw={600} size="sm" c={credit ? 'teal' : 'red'} style={{ whiteSpace: 'nowrap' }}>
      {credit ? '+' : '-'}
      {formatMoney(row.amount)}
    </Text>
  );
}

/** The row's memo and its details, as the explanation of the movement. */
export function Explanation({ row }: { row: TransactionRecord }) {
  const phrases = explainDetails(row.details);
  return (
    <Stack gap={2} miw={200}>
      <Text size="sm" fw={500}>
        {row.memo ?? sourceLabel(row.source)}
      </Text>
      {phrases.length > 0 && (
        <Text size="xs" c="dimmed">
          {phrases.join(' · ')}
        </Text>
      )}
    </Stack>
  );
}

interface TransactionsTableProps {
  rows: readonly TransactionRecord[];
  /** Admin view: who the row belongs to. */
  showMember?: boolean;
  /** Admin: offers Reverse on rows not yet reversed. */
  onReverse?: (row: TransactionRecord) => void;
  emptyText?: string;
}

export function TransactionsTable({
  rows,
  showMember = false,
  onReverse,
  emptyText,
}: TransactionsTableProps) {
  const { t: tt } = useT(TRANSACTIONS_NS);
  const columns: ResponsiveColumn<TransactionRecord>[] = [
    {
      key: 'date',
      header: tt('table.date'),
      nowrap: true,
      priority: 2,
      render: (t) => formatDateTime(t.created_at),
    },
    ...(showMember
      ? [
          {
            key: 'member',
            header: tt('table.member'),
            render: (t: TransactionRecord) =>
              t.username === null || t.user_id === null ? (
                '-'
              ) : (
                <MemberName
                  name={t.fullname}
                  username={t.username}
                  id={t.user_id}
                  to={profilePath(t.user_id)}
                />
              ),
          },
        ]
      : []),
    {
      key: 'source',
      header: tt('table.source'),
      nowrap: true,
      hideOnPhone: true,
      render: (t) => sourceLabel(t.source),
    },
    {
      key: 'amount',
      header: tt('table.amount'),
      nowrap: true,
      hideOnPhone: true,
      render: (t) => <SignedAmount row={t} />,
    },
    {
      key: 'explanation',
      header: tt('table.details'),
      wide: true,
      priority: 3,
      render: (t) => <Explanation row={t} />,
    },
    {
      key: 'wallet',
      header: tt('table.wallet'),
      nowrap: true,
      priority: 2,
      render: (t) => walletLabel(t.wallet),
    },
    {
      key: 'status',
      header: tt('table.status'),
      nowrap: true,
      priority: 3,
      render: (t) => <RequestStatusBadge status={t.status} />,
    },
    {
      key: 'id',
      header: tt('table.number'),
      nowrap: true,
      priority: 4,
      render: (t) => `#${t.transaction_id}`,
    },
    ...(onReverse
      ? [
          {
            key: 'actions',
            writeArea: 'money' as const,
            header: <VisuallyHidden>{tt('table.actions')}</VisuallyHidden>,
            stickyEnd: true,
            render: (t: TransactionRecord) =>
              isReversible(t) ? (
                <Button
                  size="compact-xs"
                  variant="light"
                  color="orange"
                  leftSection={<IconArrowBackUp size={14} />}
                  onClick={() => onReverse(t)}
                  aria-label={tt('table.reverseLabel', { id: t.transaction_id })}
                >
                  {tt('table.reverse')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <ResponsiveTable
      rows={rows}
      columns={columns}
      rowKey={transactionRowKey}
      heading={(t) => (
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {sourceLabel(t.source)}
          </Text>
          <SignedAmount row={t} />
        </Group>
      )}
      emptyText={emptyText ?? tt('table.empty')}
      rowLabel={(t) => tt('table.rowLabel', { id: t.transaction_id })}
    />
  );
}
