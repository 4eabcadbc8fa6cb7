import { sql } from 'kysely';
import type { DbOrTx } from '../../db';
import { cappedIncomeTypes } from './income-types';

const incomeTypes = cappedIncomeTypes;

/** Money figures of a member that come from the ledger (zero before any movement). */
export type MemberMoney = {
  business: bigint;
  business_balance: bigint;
  level_month: bigint;
  roi_income: bigint;
  reward: bigint;
  direct_income: bigint;
  salary: bigint;
  working: bigint;
  non_working: bigint;
};

export const noMoney: MemberMoney = {
  business: 0n,
  business_balance: 0n,
  level_month: 0n,
  roi_income: 0n,
  reward: 0n,
  direct_income: 0n,
  salary: 0n,
  working: 0n,
  non_working: 0n,
};

/**
 * Income totals are net of reversals (a reversal keeps the income type); Business counts credits only, less
 * deposits reversed after a chain reorganisation. Business Balance is the deposit wallet alone: an amount held
 * after a reorganisation (account kind 'held', decision 0028) is not in it, so nothing can spend it.
 * The money figures a member record shows, read from the ledger: deposit wallet balance and lifetime
 * funding, working and non-working balances, and income received by type.
 */
export async function memberMoney(db: DbOrTx, ids: bigint[]): Promise<Map<bigint, MemberMoney>> {
  const out = new Map<bigint, MemberMoney>(ids.map((id) => [id, { ...noMoney }]));
  if (ids.length === 0) return out;
  const balances = await db
    .selectFrom('ledger_accounts')
    .select(['owner_id', 'kind', 'balance'])
    .where('owner_id', 'in', ids)
    .where('kind', 'in', ['deposit', 'working', 'non_working'])
    .execute();
  for (const b of balances) {
    const m = b.owner_id === null ? undefined : out.get(b.owner_id);
    if (!m) continue;
    if (b.kind === 'deposit') m.business_balance = b.balance;
    if (b.kind === 'working') m.working = b.balance;
    if (b.kind === 'non_working') m.non_working = b.balance;
  }
  // The member accounts' folded figures (migration 0062): a few rows per account, however many entries.
  const { rows } = await sql<{ owner_id: bigint; bucket: string; total: bigint }>`
    SELECT a.owner_id, CASE WHEN s.income THEN s.source ELSE 'funding' END AS bucket,
           sum(s.amount)::bigint AS total
    FROM ledger_accounts a
    JOIN ledger_account_figures s ON s.account_id = a.id
    WHERE a.owner_id = ANY(${ids}::bigint[])
      AND ((a.kind = 'deposit' AND NOT s.income AND s.credit AND s.source <> 'deposit_reorg_release')
           -- A deposit a chain reorganisation removed and an admin reversed is no funding (decision 0028);
           -- one released returned money held, not new funding.
           OR (a.kind = 'held' AND NOT s.income AND s.source = 'deposit_reorg_reverse')
           OR (s.income AND s.source = ANY(${[...incomeTypes]}::text[]) AND a.kind IN ('working', 'non_working')))
    GROUP BY a.owner_id, bucket`.execute(db);
  for (const r of rows) {
    const m = out.get(r.owner_id);
    if (!m) continue;
    if (r.bucket === 'funding') m.business = r.total;
    else if ((incomeTypes as readonly string[]).includes(r.bucket))
      m[r.bucket as (typeof incomeTypes)[number]] = r.total;
  }
  return out;
}
