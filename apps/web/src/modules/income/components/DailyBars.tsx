import { Box, Group, Text, Tooltip } from '@mantine/core';
import { useT } from '../../../i18n/i18n';
import { formatDate, formatNumber, localDay } from '../../../ui/format';
import { formatMoney } from '../../../ui/Money';
import { INCOME_NS } from '../i18n';
import { textOf, unitsOf } from './incomeMath';

export interface DailyPoint {
  /** YYYY-MM-DD */
  day: string;
  /** Decimal text (an amount) or a whole count. */
  value: string;
}

interface DailyBarsProps {
  points: readonly DailyPoint[];
  label: string;
  /** money: values are amounts shown as $; count: whole numbers. */
  kind?: 'money' | 'count';
  color?: string;
  height?: number;
}

/** A bar per day, scaled exactly (bigint) to the largest day; hover or focus a bar for its value. */
export function DailyBars({ points, label, kind = 'money', color = 'indigo', height = 140 }: DailyBarsProps) {
  const { t } = useT(INCOME_NS);
  const values = points.map((p) => (kind === 'money' ? unitsOf(p.value) : BigInt(p.value)));
  const max = values.reduce((m, v) => (v > m ? v : m), 0n);
  const show = (i: number) =>
    kind === 'money' ? formatMoney(textOf(values[i] ?? 0n)) : formatNumber(values[i] ?? 0n);
  const first = points[0]?.day;
  const last = points[points.length - 1]?.day;
  return (
    <Box
      role="img"
      aria-label={t('chart.summary', {
        label,
        days: points.length,
        highest: kind === 'money' ? formatMoney(textOf(max)) : formatNumber(max),
      })}
    >
      <Group
        gap={2}
        align="flex-end"
        wrap="nowrap"
        h={height}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-4)' }}
      >
        {points.map((p, i) => {
          const v = values[i] ?? 0n;
          const pct = max > 0n ? Number((v * 1000n) / max) / 10 : 0;
          return (
            <Tooltip key={p.day} label={`${formatDate(p.day)}: ${show(i)}`} withinPortal>
              <Box
                data-day={p.day}
                style={{ flex: '1 1 0', minWidth: 2, height: `${Math.max(pct, v > 0n ? 2 : 0)}%` }}
                bg={color}
                tabIndex={-1}
              />
            </Tooltip>
          );
        })}
      </Group>
      <Group justify="space-between" mt={4}>
        {/* The app's date format ("27 Oct 2026"), as everywhere else (decision 0055). */}
        <Text size="xs" c="dimmed" data-testid="chart-first-day">
          {first === undefined ? '' : formatDate(first)}
        </Text>
        <Text size="xs" c="dimmed" data-testid="chart-last-day">
          {last === undefined ? '' : formatDate(last)}
        </Text>
      </Group>
    </Box>
  );
}

/** The last `days` calendar days of the member's time zone ending today, oldest first. */
export function lastDays(days: number, now = Date.now()): string[] {
  const out: string[] = [];
  const today = localDay(now) ?? new Date(now).toISOString().slice(0, 10);
  // Counted back from the local day's UTC noon, so a change of summer time never skips or repeats a day.
  const noon = Date.parse(`${today}T12:00:00Z`);
  for (let i = days - 1; i >= 0; i--) out.push(new Date(noon - i * 86_400_000).toISOString().slice(0, 10));
  return out;
}
