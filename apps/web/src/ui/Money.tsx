import { Text, type TextProps } from '@mantine/core';
import { formatMoney, type MoneyKind } from './moneyFormat';

export { formatMoney, formatPercent, isPositiveAmount, plainDecimal, sameAmount } from './moneyFormat';

interface MoneyProps extends TextProps {
  /** Decimal text from the API, e.g. "125.50000000". Null or unreadable shows a dash. */
  value: string | null | undefined;
  kind?: MoneyKind;
}

/** Every amount on screen goes through here: exact decimal text in, formatted with bigint helpers. */
export function Money({ value, kind = 'usd', ...textProps }: MoneyProps) {
  return (
    <Text component="span" inherit ff="monospace" {...textProps}>
      {formatMoney(value, kind)}
    </Text>
  );
}
