/** What `npm run bench -- --only scan` measures and prints (scan-bench.ts runs it). */

import type { StatementStat } from './statement-stats';
import { excerpt, loadAverage, median, ms, printTable, secs } from './stats';

export const CHAIN = 56;
/** Decision 0033: under 2 s of server time for the range, the matching in at most a few statements. */
const TARGET_MS = 2_000;
const FEW = 5;

export type ScanBenchOptions = { members: number; transfers: number; toMembers: number; runs: number };

export type Split = { statements: number; ms: number };
export type RunResult = {
  label: string;
  wallMs: number;
  /** pg_stat_statements' time of every statement plus the WAL writes and flushes (pg_stat_io). */
  serverMs: number;
  walMs: number;
  clientMs: number;
  statements: number;
  match: Split;
  record: Split;
  open: Split;
  credit: Split;
  other: Split;
  credited: number;
  stats: StatementStat[];
  ok: boolean;
};

/** The scan's bookkeeping: settings, receiving address, cursor, confirmations of recent deposits, a connection's role. */
const BOOKKEEPING =
  /"chain_settings"|from "deposit_addresses"|"member_deposit_addresses" .*limit|set confirmations = least|^set role/;

/**
 * The scan's statements by kind (pg_stat_statements' normalized text, as kysely writes it): the matching (the
 * receivers' SELECT, the recording INSERT, the open deposits' SELECT), the bookkeeping, and the crediting (all the
 * rest: the per-credit transactions with their BEGIN and COMMIT, or a prototype's statements).
 */
export function classify(stats: StatementStat[]) {
  const zero = (): Split => ({ statements: 0, ms: 0 });
  const out = { match: zero(), record: zero(), open: zero(), credit: zero(), other: zero() };
  for (const s of stats) {
    const q = s.query.toLowerCase();
    const kind =
      q.includes('from "member_deposit_addresses"') && q.includes('any(')
        ? 'match'
        : q.startsWith('insert into "deposits"')
          ? 'record'
          : q.includes('join unnest')
            ? 'open'
            : BOOKKEEPING.test(q)
              ? 'other'
              : 'credit';
    out[kind].statements += s.calls;
    out[kind].ms += s.ms;
  }
  return out;
}

/** The table of the runs (and the median) and the prototypes, the slowest statements, and the target. */
export function report(runs: RunResult[], prototypes: RunResult[], o: ScanBenchOptions): void {
  if (runs.length === 0) return;
  const med = (f: (r: RunResult) => number) => median(runs.map(f));
  const cell = (s: Split) => `${ms(s.ms)} ms / ${s.statements.toLocaleString('en')}`;
  console.log(
    `\nScan of ${o.transfers.toLocaleString('en')} Transfers, ${o.toMembers.toLocaleString('en')} to members among ${o.members.toLocaleString('en')} (chain ${CHAIN}, real anvil); load avg ${loadAverage()} after\n`,
  );
  const row = (r: RunResult) => [
    r.label,
    secs(r.wallMs),
    secs(r.serverMs),
    `${ms(r.walMs)} ms`,
    cell({
      statements: r.match.statements + r.record.statements + r.open.statements,
      ms: r.match.ms + r.record.ms + r.open.ms,
    }),
    cell(r.credit),
    r.credit.statements >= r.credited
      ? (r.credit.statements / Math.max(1, r.credited)).toFixed(1)
      : `${r.credit.statements} in all`,
    cell(r.other),
    secs(r.clientMs),
  ];
  const rows = runs.map(row);
  rows.push([
    'median',
    secs(med((r) => r.wallMs)),
    secs(med((r) => r.serverMs)),
    `${ms(med((r) => r.walMs))} ms`,
    `${ms(med((r) => r.match.ms + r.record.ms + r.open.ms))} ms`,
    `${ms(med((r) => r.credit.ms))} ms`,
    '',
    `${ms(med((r) => r.other.ms))} ms`,
    secs(med((r) => r.clientMs)),
  ]);
  rows.push(...prototypes.map(row));
  printTable(
    [
      '',
      'wall',
      'server (pg)',
      'of which WAL I/O',
      'matching: ms / stmts',
      'credits: ms / stmts',
      'stmts per credit',
      'other',
      'app-side round trips',
    ],
    rows,
  );
  const last = runs[runs.length - 1] as RunResult;
  if (prototypes.length)
    console.log(
      "\nprototypes (measured only, not the app's code; bench/lib/scan-prototype.ts), each the same scan of a fresh range:\n  1: its credits in ONE transaction through `deposits.complete`;\n  2: its credits set-based, a fixed handful of statements whatever their number.",
    );
  console.log(
    `\nmatching statements (last run): match SELECT ${last.match.statements}, record INSERT ${last.record.statements}, open-deposits SELECT ${last.open.statements}`,
  );
  console.log('\nslowest statements of the last run (server time):');
  printTable(
    ['calls', 'total ms', 'mean ms', 'statement'],
    last.stats.slice(0, 12).map((s) => [String(s.calls), ms(s.ms), ms(s.ms / s.calls), excerpt(s.query, 90)]),
  );
  const serverMed = med((r) => r.serverMs);
  const matchStatements = Math.max(
    ...runs.map((r) => r.match.statements + r.record.statements + r.open.statements),
  );
  const met = serverMed < TARGET_MS && matchStatements <= FEW;
  console.log(
    `\ntarget (decision 0033): < ${secs(TARGET_MS)} of server time, matching in ≤ ${FEW} statements: ${met ? 'met' : 'MISSED'} (median ${secs(serverMed)}, matching ${matchStatements} statements; the credits ${secs(med((r) => r.credit.ms))})`,
  );
  console.log(
    'server = pg_stat_statements (planning + execution of every statement of the scan, BEGIN/COMMIT included) + WAL writes and flushes (pg_stat_io, track_wal_io_timing: the commits);\napp-side = the same statements timed at the pool (round trips); wall = the whole scan with its node calls.',
  );
}
