import { Badge, Table, Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TransactionStatus } from '../api/tokenApi';
import { tokenText } from '../i18n';
import { formatPriceUnits, formatSignedPercent, pnlColor, unitsOf } from '../tokenMath';

interface PriceProps extends TextProps {
  /** Decimal text from the API or exact units. Null or unreadable shows a dash. */
  value: string | bigint | null | undefined;
}

/** A per-token price in USD with 2 to 8 decimals (SGX trades at fractions of a cent). */
export function Price({ value, ...textProps }: PriceProps) {
  const units = typeof value === 'bigint' ? value : unitsOf(value);
  return (
    <Text component="span" inherit ff="monospace" {...textProps}>
      {units === null ? '-' : formatPriceUnits(units)}
    </Text>
  );
}

/** A signed percent, coloured like the amount it belongs to. */
export function PercentText({ value, ...textProps }: { value: string | null | undefined } & TextProps) {
  return (
    <Text component="span" inherit ff="monospace" c={pnlColor(value)} {...textProps}>
      {formatSignedPercent(value)}
    </Text>
  );
}

const statusColors: Record<string, string> = { completed: 'green', pending: 'yellow', failed: 'red' };

/** A trade's status in the member's language ("completed"); one the screen does not know is shown as sent. */
export function statusLabel(status: string): string {
  return Object.hasOwn(statusColors, status) ? tokenText(`status.${status}`) : status;
}

/** BUY or SELL in the member's language; another type is shown as sent. */
export function typeLabel(type: string): string {
  return type === 'BUY' || type === 'SELL' ? tokenText(`type.${type}`) : type;
}

/** Spec 4: completed green, pending yellow, failed red, anything else neutral. */
export function TransactionStatusBadge({ status }: { status: TransactionStatus | string }) {
  return (
    <Badge color={statusColors[status] ?? 'gray'} variant="light" radius="sm">
      {statusLabel(status)}
    </Badge>
  );
}

export function TransactionTypeBadge({ type }: { type: string }) {
  return (
    <Badge
      color={type === 'BUY' ? 'teal' : type === 'SELL' ? 'orange' : 'gray'}
      variant="outline"
      radius="sm"
    >
      {typeLabel(type)}
    </Badge>
  );
}

export interface SummaryRow {
  label: string;
  value: ReactNode;
  /** Set apart as the line that matters most (the total). */
  strong?: boolean;
}

/** The label / value lines of a dialog's summary, as a table a screen reader can walk. */
export function SummaryTable({ label, rows }: { label: string; rows: readonly SummaryRow[] }) {
  return (
    <Table aria-label={label} withRowBorders={false} verticalSpacing={4} horizontalSpacing={0} fz="sm">
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.label}>
            <Table.Th fw={r.strong ? 700 : 400} c={r.strong ? undefined : 'dimmed'} scope="row">
              {r.label}
            </Table.Th>
            <Table.Td ta="right" fw={r.strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
              {r.value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
