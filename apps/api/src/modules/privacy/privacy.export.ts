import { formatUnits } from '@sgx/money';
import { strToU8, zipSync } from 'fflate';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db';
import { csvText } from '../../http/listing';
import { exportedTables, MEMBER_DATA, MONEY_COLUMNS, personColumns, type TableRule } from './member-data';

/** The file name of a table in the copy (the users row is the member's profile). */
export const fileNameOf = (table: string): string => (table === 'users' ? 'profile' : table);

/** The rows of one table that are the member's, as `member-data.ts` says (own columns, a parent, the e-mail). */
export function memberRowsCondition(rule: TableRule, memberId: bigint, email: string) {
  const parts = [
    ...(rule.own ?? []).map((c) => sql`${sql.ref(c)} = ${memberId}`),
    ...(rule.via ? [sql.raw(rule.via.replaceAll('$member', memberId.toString()))] : []),
    ...(rule.byEmail
      ? [
          rule.byEmail.match === 'equals'
            ? sql`lower(${sql.ref(rule.byEmail.column)}) = lower(${email})`
            : sql`right(lower(${sql.ref(rule.byEmail.column)}), ${email.length + 1}) = lower(${`:${email}`})`,
        ]
      : []),
  ];
  if (parts.length === 0) throw new Error('a rule with no way to find the member');
  return sql.join(parts, sql` OR `);
}

type Cell = string | number | boolean | null | object;

/**
 * One row as the member receives it: secrets left out, money as decimal text, big numbers as text, times in ISO,
 * bytes in hex, and every column naming a person blanked unless it names the member.
 */
function exportRow(rule: TableRule, row: Record<string, unknown>, memberId: bigint): Record<string, Cell> {
  const people = new Set(personColumns(rule));
  const out: Record<string, Cell> = {};
  for (const [column, value] of Object.entries(row)) {
    if (rule.secret?.includes(column)) continue;
    if (people.has(column) && value !== null && value !== memberId) {
      out[column] = null;
      continue;
    }
    const keys = rule.jsonPeople?.[column];
    out[column] = keys && isObject(value) ? blankOthers(value, keys, memberId) : cellOf(column, value);
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A jsonb object with the keys that name another member (an id other than the member's) blanked. */
function blankOthers(value: Record<string, unknown>, keys: readonly string[], memberId: bigint) {
  const me = memberId.toString();
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      keys.includes(k) && /^\d+$/.test(String(v)) && String(v) !== me ? null : v,
    ]),
  );
}

function cellOf(column: string, value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return MONEY_COLUMNS.has(column) ? formatUnits(value) : value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('hex');
  return value as Cell;
}

export type MemberCopy = { files: string[]; zip: Uint8Array };

/**
 * The member's copy: for every table the registry marks as theirs, `<name>.json` (an array of rows) and
 * `<name>.csv` (the same rows; objects as JSON text), and a README. Read in one transaction (one snapshot).
 */
export async function buildMemberCopy(
  tx: DbOrTx,
  memberId: bigint,
  email: string,
  at: Date,
): Promise<MemberCopy> {
  const entries: Record<string, Uint8Array> = {};
  const tables = exportedTables();
  for (const table of tables) {
    const rule = MEMBER_DATA[table] as TableRule;
    const { rows } = await sql<Record<string, unknown>>`
      SELECT * FROM ${sql.table(table)} WHERE ${memberRowsCondition(rule, memberId, email)}
      ORDER BY 1`.execute(tx);
    const { rows: shape } = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = ${table} ORDER BY ordinal_position`.execute(tx);
    const columns = shape.map((c) => c.column_name).filter((c) => !rule.secret?.includes(c));
    const out = rows.map((r) => exportRow(rule, r, memberId));
    const name = fileNameOf(table);
    entries[`${name}.json`] = strToU8(`${JSON.stringify(out, null, 2)}\n`);
    const flat = out.map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, v !== null && typeof v === 'object' ? JSON.stringify(v) : v]),
      ),
    );
    entries[`${name}.csv`] = strToU8(csvText(columns, flat));
  }
  entries['README.txt'] = strToU8(readme(at));
  const files = Object.keys(entries).sort();
  return { files, zip: zipSync(entries, { level: 6, mtime: at }) };
}

const readme = (at: Date) =>
  [
    'SocialGenX: a copy of your data',
    `Prepared at ${at.toISOString()} (UTC).`,
    '',
    'One JSON file and one CSV file per kind of record: profile (your account), ledger_accounts (your wallets),',
    'ledger_transactions and ledger_entries (your ledger history: every movement of your money), deposits,',
    'withdrawals, payouts, transfers, tickets and ticket_responses, member_events and notifications, sessions,',
    'and the rest of what is recorded about you.',
    'Amounts are decimal text with 8 decimal places. Where a record names another person (a staff member, the',
    'other side of a transfer), that column is empty: their data is theirs.',
    'proof_leaves holds the salt of your leaf in each proof of liabilities: with it you can check your balance',
    'in a published proof even after your account is closed.',
    '',
  ].join('\r\n');
