import { type RawBuilder, sql } from 'kysely';
import type { DbOrTx, Tx } from '../../db';
import type { AccountKind, Asset } from '../../db/schema';
import { AppError } from '../../http/errors';
import { refusal } from '../../http/sql-errors';
import { cappedIncomeTypes } from './income-types';
import { reconcileProof } from './proof-reconcile';

export type AccountRef = { owner: bigint | null; kind: AccountKind; asset?: Asset };
export type Posting = {
  /** Unique key derived from the cause, e.g. `deposit:BEP20:<hash>`. Posting a key twice posts once. */
  key: string;
  kind: string;
  incomeType?: string | null;
  memberId?: bigint | null;
  memo?: string | null;
  details?: unknown;
  createdBy?: bigint | null;
  entries: { account: AccountRef; amount: bigint }[];
};
export type Posted = { transactionId: bigint; created: boolean };

const assetOf = (a: AccountRef): Asset =>
  a.asset ?? (a.kind === 'token' || a.kind === 'token_treasury' ? 'SGX' : 'USD');
const refKey = (a: AccountRef) => `${a.owner ?? 0}:${a.kind}:${assetOf(a)}`;

/** Refuses, before any round trip, a posting that cannot be right. */
function checkBalanced(p: Posting): void {
  if (p.entries.length < 2) throw new AppError('INTERNAL', 'A ledger transaction needs two entries or more.');
  const sums = new Map<Asset, bigint>();
  const seen = new Set<string>();
  for (const e of p.entries) {
    if (e.amount === 0n) throw new AppError('INTERNAL', 'A ledger entry cannot be zero.');
    const k = refKey(e.account);
    // Two postings to one account in one transaction are refused outright (business-rules 2).
    if (seen.has(k)) throw new AppError('INTERNAL', `Account ${k} appears twice in one ledger transaction.`);
    seen.add(k);
    sums.set(assetOf(e.account), (sums.get(assetOf(e.account)) ?? 0n) + e.amount);
  }
  for (const [asset, total] of sums) {
    if (total !== 0n) throw new AppError('INTERNAL', `Ledger transaction does not balance in ${asset}.`);
  }
}

/**
 * Posts one balanced ledger transaction inside the caller's database transaction, in one round trip
 * (the one writer of the ledger, db/functions/ledger_post_many.sql, given one posting): the entries, and each
 * member account's balance through a conditional update that refuses to take it below zero, so no race can
 * overdraw it. Platform accounts take no row lock: their balance is the sum of their entries. Same key again:
 * nothing is posted and the first result returns.
 */
export async function post(tx: Tx, p: Posting): Promise<Posted> {
  const [posted] = await postMany(tx, [p]);
  if (!posted) throw new AppError('INTERNAL', 'The ledger posting returned nothing.');
  return posted;
}

/**
 * Posts many balanced ledger transactions as post() posts one (a batch of chain deposits, the payouts of a batch
 * paid on chain): one round trip for each author among them (ledger_post_many takes one author for all its
 * postings), and answers each posting's result in the postings' order. Keys must be distinct; a key posted before
 * answers its first transaction and posts nothing.
 */
export async function postMany(tx: Tx, ps: Posting[]): Promise<Posted[]> {
  for (const p of ps) checkBalanced(p);
  const byAuthor = new Map<string, number[]>();
  ps.forEach((p, i) => {
    const author = String(p.createdBy ?? '');
    const group = byAuthor.get(author);
    if (group) group.push(i);
    else byAuthor.set(author, [i]);
  });
  const posted: Posted[] = new Array(ps.length);
  for (const indices of byAuthor.values()) {
    const group = indices.map((i) => ps[i] as Posting);
    const results = await postGroup(tx, group);
    indices.forEach((i, k) => {
      posted[i] = results[k] as Posted;
    });
  }
  return posted;
}

async function postGroup(tx: Tx, ps: Posting[]): Promise<Posted[]> {
  const entries = ps.flatMap((p, i) => p.entries.map((e) => ({ posting: i + 1, ...e })));
  const json = (p: Posting) =>
    p.details === undefined
      ? null
      : JSON.stringify(p.details, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
  const { rows } = await sql<{ posting: number; transaction_id: bigint; created: boolean }>`
    SELECT posting, transaction_id, created FROM ledger_post_many(
      ${ps.map((p) => p.key)}::text[], ${ps.map((p) => p.kind)}::text[], ${ps.map((p) => p.incomeType ?? null)}::text[],
      ${ps.map((p) => p.memberId ?? null)}::bigint[], ${ps.map((p) => p.memo ?? null)}::text[],
      ${ps.map(json)}::jsonb[], ${ps[0]?.createdBy ?? null},
      ${entries.map((e) => e.posting)}::integer[], ${entries.map((e) => e.account.owner)}::bigint[],
      ${entries.map((e) => e.account.kind)}::text[], ${entries.map((e) => assetOf(e.account))}::text[],
      ${entries.map((e) => e.amount)}::bigint[])`
    .execute(tx)
    .catch(refusal);
  const byPosting = new Map(rows.map((r) => [r.posting, r]));
  return ps.map((_p, i) => {
    const r = byPosting.get(i + 1);
    if (!r) throw new AppError('INTERNAL', 'The ledger posting returned nothing.');
    return { transactionId: r.transaction_id, created: r.created };
  });
}

/**
 * Member accounts' folded figures (`figures`: ledger_account_figures or a part of it) against the sums of their
 * entries (`fromEntries`), per account and key (account_id, source, income, credit, entries, amount): a line for each
 * that differs. The full reconciliation and the incremental one (reconcile-increment.ts) both report with it.
 */
export const figureMismatches = (fromEntries: RawBuilder<unknown>, figures: RawBuilder<unknown>) => sql`
    SELECT 'account ' || account_id || ' ' || source || (CASE WHEN credit THEN ' credits' ELSE ' debits' END)
           || ': kept ' || coalesce(k.entries, 0) || ' / ' || coalesce(k.amount, 0)
           || ', entries ' || coalesce(x.entries, 0) || ' / ' || coalesce(x.amount, 0) AS what
    FROM ${fromEntries} x
    FULL JOIN (
      SELECT account_id, source, income, credit, sum(entries) AS entries, sum(amount) AS amount
      FROM ${figures} f
      GROUP BY 1, 2, 3, 4
    ) k USING (account_id, source, income, credit)
    WHERE x.entries IS DISTINCT FROM k.entries OR x.amount IS DISTINCT FROM k.amount`;

export type Mismatch = { account_id: string; balance: string; ledger: string };
export type EarnedMismatch = { user_id: string; cached: string; ledger: string };

/**
 * Proves balance = sum of entries for every member account (a platform account's balance is its sum of
 * entries by definition: the view ledger_balances), zero sum per transaction and asset, and each
 * member's cached total_earned = the capped income the ledger holds for them.
 */
export async function reconcile(db: DbOrTx): Promise<{
  accounts: number;
  mismatches: Mismatch[];
  unbalanced: string[];
  earned_mismatches: EarnedMismatch[];
  /** Withdrawals paid on chain (decision 0034) whose completion and verified payout disagree. */
  payout_mismatches: string[];
  /** The latest proof of liabilities' totals against the member balances at its cut-off (decision 0044). */
  proof_mismatches: string[];
  /**
   * What the ledger keeps beside its entries (migration 0062) against the entries: an entry whose time is not
   * its transaction's, or a member account's folded figures that differ from the sums of its entries.
   */
  derived_mismatches: string[];
}> {
  const { rows } = await sql<{ account_id: bigint; balance: bigint; ledger: bigint }>`
    SELECT a.id AS account_id, a.balance, (coalesce(sum(e.amount), 0) + coalesce(max(s.amount), 0))::bigint AS ledger
    FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
    -- A month detached for archive counts by the sums it left (decision 0079).
    LEFT JOIN (SELECT account_id, sum(amount) AS amount FROM ledger_archived_sums GROUP BY 1) s ON s.account_id = a.id
    WHERE a.owner_id IS NOT NULL
    GROUP BY a.id
    HAVING a.balance <> coalesce(sum(e.amount), 0) + coalesce(max(s.amount), 0)`.execute(db);
  const unbalanced = await sql<{ transaction_id: bigint }>`
    SELECT e.transaction_id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
    GROUP BY e.transaction_id, a.asset HAVING sum(e.amount) <> 0`.execute(db);
  const earned = await sql<{ user_id: bigint; cached: bigint; ledger: bigint }>`
    SELECT u.id AS user_id, u.total_earned AS cached, coalesce(x.total, 0)::bigint AS ledger
    FROM users u
    LEFT JOIN (
      SELECT a.owner_id, sum(x.amount) AS total
      FROM (
        SELECT e.account_id, e.amount
        FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE t.income_type = ANY(${[...cappedIncomeTypes]}::text[])
        UNION ALL
        SELECT s.account_id, s.amount FROM ledger_archived_sums s
        WHERE s.income AND s.source = ANY(${[...cappedIncomeTypes]}::text[])
      ) x
      JOIN ledger_accounts a ON a.id = x.account_id
      WHERE a.kind IN ('working', 'non_working')
      GROUP BY a.owner_id
    ) x ON x.owner_id = u.id
    WHERE u.total_earned <> coalesce(x.total, 0)`.execute(db);
  // A withdrawal with an on-chain payout is complete exactly when one verified Transfer log paid it (the unique
  // index payouts_paid_log_key keeps a log to one payout), recorded on the withdrawal with its transaction.
  // A payout a reorganisation took back (decision 0053) is a mismatch until an admin resolves it; a payment after
  // one is posted under the key counted with it (completionKey).
  const payouts = await sql<{ withdrawal_id: bigint }>`
    SELECT w.id AS withdrawal_id FROM withdrawals w JOIN payouts p ON p.withdrawal_id = w.id
    WHERE (w.status = 'complete') <> (p.status = 'paid') OR p.status = 'held'
       OR (p.status = 'paid' AND (p.tx_hash IS NULL OR p.log_index IS NULL
           OR w.payout_reference IS DISTINCT FROM '0x' || p.tx_hash
           OR NOT EXISTS (SELECT 1 FROM ledger_transaction_keys t
                          WHERE t.idempotency_key = 'withdrawal-complete:' || w.id
                            || CASE WHEN p.reorgs = 0 THEN '' ELSE ':' || p.reorgs END)))
    ORDER BY w.id`.execute(db);
  const derived = await sql<{ what: string }>`
    SELECT 'entry ' || e.id || ': time ' || e.created_at || ', its transaction ' || t.created_at AS what
    FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
    WHERE e.created_at <> t.created_at
    UNION ALL
    ${figureMismatches(
      sql`(
      SELECT account_id, source, income, credit, sum(entries) AS entries, sum(amount) AS amount
      FROM (
        SELECT e.account_id, coalesce(t.income_type, t.kind) AS source, t.income_type IS NOT NULL AS income,
               e.amount > 0 AS credit, count(*) AS entries, sum(e.amount) AS amount
        FROM ledger_entries e
        JOIN ledger_transactions t ON t.id = e.transaction_id
        JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NOT NULL
        GROUP BY 1, 2, 3, 4
        UNION ALL
        SELECT s.account_id, s.source, s.income, s.credit, s.entries, s.amount
        FROM ledger_archived_sums s JOIN ledger_accounts a ON a.id = s.account_id AND a.owner_id IS NOT NULL
      ) y
      GROUP BY 1, 2, 3, 4
    )`,
      sql`ledger_account_figures`,
    )}
    LIMIT 100`.execute(db);
  const count = await db
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    accounts: Number(count.n),
    mismatches: rows.map((r) => ({
      account_id: String(r.account_id),
      balance: String(r.balance),
      ledger: String(r.ledger),
    })),
    unbalanced: unbalanced.rows.map((r) => String(r.transaction_id)),
    payout_mismatches: payouts.rows.map((r) => String(r.withdrawal_id)),
    proof_mismatches: await reconcileProof(db),
    derived_mismatches: derived.rows.map((r) => r.what),
    earned_mismatches: earned.rows.map((r) => ({
      user_id: String(r.user_id),
      cached: String(r.cached),
      ledger: String(r.ledger),
    })),
  };
}
