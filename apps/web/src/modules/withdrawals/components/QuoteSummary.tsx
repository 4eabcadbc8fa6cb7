import { SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { WithdrawalQuote } from '@sgx/contracts';
import type { z } from 'zod';
import { useT } from '../../../i18n/i18n';
import { formatPercent, Money } from '../../../ui/Money';
import { WITHDRAWALS_NS } from '../i18n';

export type Quote = z.infer<typeof WithdrawalQuote>;

function Line({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="div" size="md">
        {children}
      </Text>
    </div>
  );
}

/** The server's quote: amount, fee (and its percent), what reaches the payout address, the minimum. */
export function QuoteSummary({ quote, loading }: { quote: Quote | undefined; loading: boolean }) {
  const { t } = useT(WITHDRAWALS_NS);
  if (quote === undefined) return loading ? <Skeleton h={56} /> : null;
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 4 }}
      spacing="sm"
      data-testid="withdrawal-quote"
      style={{ opacity: loading ? 0.6 : 1 }}
    >
      <Line label={t('quote.amount')}>
        <Money value={quote.amount} fw={600} />
      </Line>
      <Line label={t('quote.fee', { percent: formatPercent(quote.fee_percent) })}>
        <Money value={quote.fee} />
      </Line>
      <Line label={t('quote.net')} testId="quote-net">
        <Money value={quote.net} fw={700} c="teal" />
      </Line>
      <Line label={t('quote.minimum')}>
        <Money value={quote.minimum} />
      </Line>
    </SimpleGrid>
  );
}
