import { createHash } from 'node:crypto';
import { amountOut, type StatementQuery, type StatementResponse } from '@sgx/contracts';
import type { DbOrTx } from '../../db';
import { notFound } from '../../http/errors';
import { csvText } from '../../http/listing';
import { readStatement, statementMember, walletAccount } from './statements.repo';

/** The platform's name as statements print it. */
export const PLATFORM_NAME = 'SocialGenX';

/** The columns of a statement's CSV, in order (decision 0043). */
export const statementCsvColumns = [
  'date',
  'transaction_id',
  'rule',
  'reference',
  'amount',
  'balance_after',
] as const;
type CsvRow = Record<(typeof statementCsvColumns)[number], string>;

/** A statement with its canonical CSV text, whose SHA-256 is the checksum the PDF and the JSON carry. */
export type Statement = StatementResponse & { csv: string };

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/**
 * The canonical CSV of a statement (decision 0043): a header row, an opening row that names the platform, the
 * member, the wallet and the period, one row per posting, and a closing row carrying the postings' total.
 */
function canonicalCsv(s: StatementResponse): string {
  const rows: CsvRow[] = [
    {
      date: s.period_start,
      transaction_id: '',
      rule: 'opening',
      reference: `${PLATFORM_NAME} statement: ${s.member.fullname} (${s.member.username}), wallet ${s.wallet} (${s.asset}), ${s.from} to ${s.to}`,
      amount: '',
      balance_after: s.opening,
    },
    ...s.entries.map((e) => ({
      date: e.created_at,
      transaction_id: e.transaction_id,
      rule: e.rule,
      reference: e.reference,
      amount: e.amount,
      balance_after: e.balance_after,
    })),
    {
      date: s.period_end,
      transaction_id: '',
      rule: 'closing',
      reference: 'Closing balance',
      amount: s.total,
      balance_after: s.closing,
    },
  ];
  return csvText(statementCsvColumns, rows);
}

/** The SHA-256 (hex) of a statement's canonical CSV text as UTF-8. */
export const statementChecksum = (csv: string): string =>
  createHash('sha256').update(csv, 'utf8').digest('hex');

/**
 * Builds member statements (decision 0043). The member is given by the route: the session's for a member, the path's
 * for staff with money rights. The period is whole UTC days, both ends included; the query checks the sums.
 */
export class StatementsService {
  constructor(private readonly db: DbOrTx) {}

  async statement(memberId: bigint, q: StatementQuery): Promise<Statement> {
    const member = await statementMember(this.db, memberId);
    if (!member) throw notFound('Member not found.');
    const start = dayStart(q.from);
    const end = nextDay(q.to);
    const figures = await readStatement(this.db, memberId, q.wallet, start, end);
    const named = await memberNames(
      this.db,
      figures.rows.flatMap((r) => [...(r.memo ?? '').matchAll(MEMBER_ID)].map((m) => BigInt(m[1] ?? '0'))),
    );
    const body: Omit<StatementResponse, 'checksum'> = {
      wallet: q.wallet,
      asset: walletAccount[q.wallet].asset,
      from: q.from,
      to: q.to,
      period_start: start.toISOString(),
      period_end: end.toISOString(),
      member: { id: String(member.id), username: member.username, fullname: member.fullname },
      opening: amountOut(figures.opening),
      closing: amountOut(figures.closing),
      total: amountOut(figures.total),
      entries: figures.rows.map((r) => ({
        transaction_id: String(r.transaction_id),
        created_at: r.created_at.toISOString(),
        rule: r.rule,
        reference: r.memo ? `#${r.transaction_id} ${withNames(r.memo, named)}` : `#${r.transaction_id}`,
        amount: amountOut(r.amount),
        balance_after: amountOut(r.balance_after),
      })),
    };
    const csv = canonicalCsv({ ...body, checksum: '' });
    return { ...body, checksum: statementChecksum(csv), csv };
  }
}

/** "member 12" in a posting's memo (the transfer and friend top-up memos name the parties by id). */
const MEMBER_ID = /\bmember (\d{1,19})\b/g;

/** The memo as people read it: each "member <id>" written as that member's username (decision 0055). */
const withNames = (memo: string, names: ReadonlyMap<string, string>) =>
  memo.replace(MEMBER_ID, (all, id: string) => names.get(id) ?? all);

/** The usernames of the members `ids`, by id. */
async function memberNames(db: DbOrTx, ids: bigint[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [String(r.id), r.username]));
}

/** The file name of a statement download, without extension. */
export const statementFileName = (s: StatementResponse): string =>
  `statement-${s.member.username}-${s.wallet}-${s.from}-${s.to}`.replace(/[^A-Za-z0-9._-]/g, '_');
