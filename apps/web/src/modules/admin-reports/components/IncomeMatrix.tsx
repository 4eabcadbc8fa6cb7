import { Stack, Text, Title } from '@mantine/core';
import type { MatrixResponse } from '@sgx/contracts';
import type { z } from 'zod';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { DataTable } from '../../../ui/DataTable';
import { Money } from '../../../ui/Money';
import { incomeSources } from '../../income/api/incomeApi';
import { DailyBars } from '../../income/components/DailyBars';
import { textOf, unitsOf } from '../../income/components/incomeMath';
import { sourceLabel } from '../../transactions/components/explain';
import { ADMIN_REPORTS_NS } from '../i18n';

type MatrixRow = z.infer<typeof MatrixResponse>['matrix'][number];

interface TypeTotal {
  source: string;
  total: bigint;
  count: number;
}

interface MonthTotal {
  month: string;
  bySource: Map<string, bigint>;
  total: bigint;
}

const incomeSet = new Set<string>(incomeSources);

/** Sums the matrix's income rows (exact, bigint) per type and per month; other credits are left out. */
export function summarizeMatrix(rows: readonly MatrixRow[]) {
  const types = new Map<string, TypeTotal>();
  const months = new Map<string, MonthTotal>();
  for (const r of rows) {
    if (!incomeSet.has(r.source)) continue;
    const amount = unitsOf(r.total);
    const t = types.get(r.source) ?? { source: r.source, total: 0n, count: 0 };
    t.total += amount;
    t.count += r.count;
    types.set(r.source, t);
    const m = months.get(r.month) ?? { month: r.month, bySource: new Map(), total: 0n };
    m.bySource.set(r.source, (m.bySource.get(r.source) ?? 0n) + amount);
    m.total += amount;
    months.set(r.month, m);
  }
  const order = (s: string) => incomeSources.indexOf(s as (typeof incomeSources)[number]);
  const typeRows = [...types.values()].sort((a, b) => order(a.source) - order(b.source));
  const monthRows = [...months.values()].sort((a, b) => (a.month < b.month ? 1 : -1));
  const grand = typeRows.reduce((s, t) => s + t.total, 0n);
  const count = typeRows.reduce((s, t) => s + t.count, 0);
  return { typeRows, monthRows, grand, count };
}

/** Income per type and per month (GET /tr/matrix) as tables and a bar per month. */
export function IncomeMatrix({ rows }: { rows: readonly MatrixRow[] }) {
  const { t: tt } = useT(ADMIN_REPORTS_NS);
  const { typeRows, monthRows, grand, count } = summarizeMatrix(rows);
  const types = typeRows.map((t) => t.source);
  const chart = [...monthRows].reverse().map((m) => ({ day: m.month, value: textOf(m.total) }));
  return (
    <Stack gap="md">
      <div data-testid="income-by-type">
        <Title order={4} fz="md" mb={4}>
          {tt('matrix.perType')}
        </Title>
        <DataTable
          rows={typeRows}
          rowKey={(t) => t.source}
          minWidth={320}
          emptyText={tt('matrix.empty')}
          columns={[
            { key: 'type', header: tt('col.incomeType'), render: (t) => sourceLabel(t.source) },
            { key: 'count', header: tt('col.credits'), render: (t) => t.count, nowrap: true },
            {
              key: 'total',
              header: tt('col.total'),
              render: (t) => <Money value={textOf(t.total)} />,
              nowrap: true,
            },
          ]}
        />
        {typeRows.length > 0 && (
          <Text size="sm" mt={4} data-testid="income-grand-total">
            <RichText
              text={tt(count === 1 ? 'matrix.grandOne' : 'matrix.grandMany', { n: count })}
              components={{ amount: <Money value={textOf(grand)} fw={700} /> }}
            />
          </Text>
        )}
      </div>
      {monthRows.length > 0 && (
        <div data-testid="income-by-month">
          <Title order={4} fz="md" mb={4}>
            {tt('matrix.perMonth')}
          </Title>
          <DataTable
            rows={monthRows}
            rowKey={(m) => m.month}
            minWidth={Math.max(360, 140 * (types.length + 2))}
            columns={[
              { key: 'month', header: tt('col.month'), render: (m) => m.month, nowrap: true },
              ...types.map((s) => ({
                key: s,
                header: sourceLabel(s),
                render: (m: MonthTotal) => <Money value={textOf(m.bySource.get(s) ?? 0n)} />,
                nowrap: true,
              })),
              {
                key: 'total',
                header: tt('col.total'),
                render: (m) => <Money value={textOf(m.total)} fw={700} />,
                nowrap: true,
              },
            ]}
          />
          <Title order={4} fz="sm" mt="md" mb={4} c="dimmed">
            {tt('matrix.chart')}
          </Title>
          <div data-testid="chart-income-months">
            <DailyBars points={chart} label={tt('matrix.chart')} color="teal" height={120} />
          </div>
        </div>
      )}
    </Stack>
  );
}
