import type { FeatureSwitch, Settings } from '@sgx/contracts';
import { parseUnits } from '@sgx/money';
import { sql } from 'kysely';
import type { DbOrTx, Tx } from '../../db';
import { cappedIncomeTypes } from '../ledger/income-types';
import { post } from '../ledger/ledger.service';
import { notifyMember, usd } from '../notifications/events';
import type { SettingsService } from '../settings/settings.service';

/** The income types that count towards the earning cap (business-rules 5). */
export { cappedIncomeTypes } from '../ledger/income-types';
export type IncomeType = (typeof cappedIncomeTypes)[number] | 'cto';

export type IncomeCredit = {
  userId: bigint;
  type: IncomeType;
  /** The amount due before the cap. */
  amount: bigint;
  /** Idempotency key of the cause, e.g. `direct:<topup-id>`. */
  causeKey: string;
  wallet: 'working' | 'non_working';
  feature: FeatureSwitch;
  /** Which status must be open ('roi' for ROI, 'level' for level income). */
  statusGate?: 'roi' | 'level';
  /** Why it was paid: rule, rate, source member, level. Kept on the ledger transaction. */
  why: Record<string, unknown>;
};
export type IncomeResult = { paid: bigint; skipped: bigint; reason: string | null };

/** Total earned so far towards the cap, summed from the ledger (the member row caches it as total_earned). */
export async function totalEarned(db: DbOrTx, userId: bigint): Promise<bigint> {
  const { rows } = await sql<{ total: bigint }>`
    SELECT coalesce(sum(e.amount), 0)::bigint AS total
    FROM ledger_entries e
    JOIN ledger_accounts a ON a.id = e.account_id
    JOIN ledger_transactions t ON t.id = e.transaction_id AND t.created_at = e.created_at
    WHERE a.owner_id = ${userId} AND a.kind IN ('working', 'non_working')
      AND t.income_type = ANY(${[...cappedIncomeTypes]}::text[])`.execute(db);
  return rows[0]?.total ?? 0n;
}

const incomeLabels: Record<IncomeType, string> = {
  direct_income: 'Direct income',
  level_month: 'Level income',
  roi_income: 'Daily income',
  reward: 'Reward',
  salary: 'Salary',
  cto: 'CTO income',
};

/**
 * Records income that was due but not paid, and tells its owner in the same transaction (once: the
 * cause key is unique). `reason` is what the owner reads: a sentence when it names who lacked what.
 */
export async function recordSkip(tx: Tx, c: IncomeCredit, amount: bigint, reason: string): Promise<void> {
  const label = incomeLabels[c.type];
  const written = await tx
    .insertInto('income_skips')
    .values({
      user_id: c.userId,
      income_type: c.type,
      cause_key: c.causeKey,
      amount,
      reason,
      details: JSON.stringify(c.why, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)),
    })
    .onConflict((oc) => oc.column('cause_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!written || reason === 'member not found') return;
  await notifyMember(tx, {
    userId: c.userId,
    kind: 'income_missed',
    key: `income-missed:${c.causeKey}`,
    title: `${label} not paid`,
    message: reason.endsWith('.')
      ? `${reason} Amount not paid: ${usd(amount)}.`
      : `${label} of ${usd(amount)} was not paid: ${reason}.`,
    link: '/user/income',
  });
}

/**
 * The member whose action caused this income (a direct's plan, a downline's daily income), when it was another
 * member: income_decide then says a refusal from the owner's side (decision 0019, rough edge 4).
 */
function causedBy(c: IncomeCredit): bigint | null {
  const source = c.why.source_member;
  if (typeof source !== 'bigint' || source === c.userId) return null;
  return c.type === 'direct_income' || c.type === 'level_month' ? source : null;
}

/**
 * Credits one income to a member through the ledger. What is paid and why not is decided by the one earning-cap
 * decision (income_decision.sql through income_decide.sql, decision 0063; the claim and the salary use it too):
 * skipped (with the reason recorded and told) when the feature is off or the member is blocked, inactive, has that
 * income closed, or has reached the cap; cut to what remains under the cap; a payment that reaches the cap (the
 * decision's closes) closes ROI and level income. Runs inside the caller's transaction and locks the member's row
 * first, so two credits to one member never both see the same room under the cap.
 */
export async function creditIncome(
  tx: Tx,
  settings: SettingsService,
  c: IncomeCredit,
  /** Settings already read in this transaction (a caller crediting many members reads them once). */
  snapshot?: Settings,
): Promise<IncomeResult> {
  const skip = async (reason: string, amount = c.amount): Promise<IncomeResult> => {
    await recordSkip(tx, c, amount, reason);
    return { paid: 0n, skipped: amount, reason };
  };
  if (c.amount <= 0n) return { paid: 0n, skipped: 0n, reason: null };
  const s = snapshot ?? (await settings.all(tx));
  await tx.selectFrom('users').select('id').where('id', '=', c.userId).forUpdate().execute();
  // CTO is paid outside the earning cap: the cap's total earnings are the five capped types (spec 9).
  const capped = (cappedIncomeTypes as readonly string[]).includes(c.type);
  const source = causedBy(c);
  const { rows } = await sql<{
    pay: bigint;
    reason: string | null;
    cap: bigint | null;
    earned: bigint | null;
    closes: boolean;
  }>`
    SELECT pay, reason, cap, earned, closes
    FROM income_decide(${c.userId}::bigint, ${c.amount}::bigint, ${c.feature}::text, ${s.features[c.feature]}::boolean,
                       ${c.statusGate ?? null}::text,
                       ${capped ? parseUnits(s.earningCapMultiplier) : null}::bigint,
                       ${source === null ? null : sql`(SELECT coalesce(min(username), 'member #' || ${source}::bigint) FROM users WHERE id = ${source}::bigint)`}::text)`.execute(
    tx,
  );
  const decision = rows[0];
  if (!decision) throw new Error('income_decide answered no row');
  const { pay, reason, cap, earned, closes } = decision;
  if (pay === 0n) return skip(reason ?? 'nothing due');

  await post(tx, {
    key: c.causeKey,
    kind: 'income',
    incomeType: c.type,
    memberId: c.userId,
    memo: capped ? c.type.replace('_', ' ') : c.type,
    details: capped
      ? { ...c.why, due: c.amount, paid: pay, cap, earned_before: earned }
      : { ...c.why, due: c.amount, paid: pay },
    entries: [
      { account: { owner: c.userId, kind: c.wallet }, amount: pay },
      { account: { owner: null, kind: 'income_expense' }, amount: -pay },
    ],
  });
  if (reason !== null)
    await recordSkip(tx, { ...c, causeKey: `${c.causeKey}:over-cap` }, c.amount - pay, reason);
  if (capped && cap !== null && earned !== null)
    await tx
      .updateTable('users')
      .set((eb) => ({
        total_earned: eb('total_earned', '+', pay),
        ...(closes ? { roi_status: 'close' as const, level_status: 'close' as const } : {}),
      }))
      .where('id', '=', c.userId)
      .execute();
  return { paid: pay, skipped: c.amount - pay, reason };
}
