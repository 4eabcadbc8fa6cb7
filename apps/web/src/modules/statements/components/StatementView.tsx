import { Card, Code, SimpleGrid, Stack, Text } from '@mantine/core';
import type { StatementEntry, StatementResponse } from '@sgx/contracts';
import { useT } from '../../../i18n/i18n';
import { formatDate, formatDateTime, formatNumber } from '../../../ui/format';
import { Money } from '../../../ui/Money';
import type { MoneyKind } from '../../../ui/moneyFormat';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { sourceLabel } from '../../transactions/components/explain';
import { STATEMENTS_NS } from '../i18n';

/**
 * Amounts to the cent (SGX with its decimals), as everywhere a person reads money (decision 0055); the exact values
 * are in each figure's data-value and in the CSV, whose checksum the page shows.
 */
const kindOf = (s: StatementResponse): MoneyKind => (s.asset === 'SGX' ? 'token' : 'usd');

function Figure({
  label,
  value,
  kind,
  testId,
}: {
  label: string;
  value: string;
  kind: MoneyKind;
  testId: string;
}) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Money value={value} kind={kind} fw={600} size="lg" data-testid={testId} data-value={value} />
    </Card>
  );
}

/** A statement: the period, opening and closing balances, the postings' total, every posting and the checksum. */
export function StatementView({ statement: s }: { statement: StatementResponse }) {
  const { t } = useT(STATEMENTS_NS);
  const kind = kindOf(s);
  const columns: ResponsiveColumn<StatementEntry>[] = [
    {
      key: 'date',
      header: t('table.date'),
      render: (e) => formatDateTime(e.created_at),
      nowrap: true,
    },
    { key: 'rule', header: t('table.rule'), render: (e) => sourceLabel(e.rule), priority: 2 },
    { key: 'reference', header: t('table.reference'), render: (e) => e.reference, priority: 3, wide: true },
    {
      key: 'amount',
      header: t('table.amount'),
      render: (e) => (
        <Money
          value={e.amount}
          kind={kind}
          c={e.amount.startsWith('-') ? 'red' : 'teal'}
          data-testid="statement-amount"
          data-value={e.amount}
        />
      ),
      nowrap: true,
    },
    {
      key: 'balance',
      header: t('table.balanceAfter'),
      render: (e) => <Money value={e.balance_after} kind={kind} data-testid="statement-balance-after" />,
      nowrap: true,
      priority: 1,
    },
  ];
  return (
    <Stack gap="md" data-testid="statement">
      <Text fw={600}>
        {t(`wallets.${s.wallet}`)} · {t('summary.period', { from: formatDate(s.from), to: formatDate(s.to) })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Figure label={t('summary.opening')} value={s.opening} kind={kind} testId="statement-opening" />
        <Figure label={t('summary.total')} value={s.total} kind={kind} testId="statement-total" />
        <Figure label={t('summary.closing')} value={s.closing} kind={kind} testId="statement-closing" />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('summary.count', { count: formatNumber(s.entries.length) })}
      </Text>
      <ResponsiveTable
        rows={s.entries}
        columns={columns}
        rowKey={(e) => e.transaction_id}
        emptyText={t('table.empty')}
        heading={(e) => (
          <>
            {formatDateTime(e.created_at)} · <Money value={e.amount} kind={kind} />
          </>
        )}
        rowLabel={(e) => e.reference}
      />
      <Text size="xs" c="dimmed">
        {t('summary.checksum')}: <Code data-testid="statement-checksum">{s.checksum}</Code>
      </Text>
    </Stack>
  );
}
