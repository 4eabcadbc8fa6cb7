import type { FeatureSwitch, Settings } from '@sgx/contracts';
import { minUnits, mulDiv, parseUnits, UNIT } from '@sgx/money';
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
    JOIN ledger_transactions t ON t.id = e.transaction_id
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
 * Why income caused by another member (a direct's plan, a downline's daily income) was not paid, said
 * from the owner's side: the owner lacked something, not the member who caused it (decision 0019, rough edge 4).
 * Null when the income has no other member as its cause: the short reason stands.
 */
async function ownerSideReason(
  tx: Tx,
  c: IncomeCredit,
  lack: 'blocked' | 'inactive' | 'no plan',
): Promise<string | null> {
  const source = c.why.source_member;
  if (typeof source !== 'bigint' || source === c.userId) return null;
  if (c.type !== 'direct_income' && c.type !== 'level_month') return null;
  const who = await tx.selectFrom('users').select('username').where('id', '=', source).executeTakeFirst();
  const name = who?.username ?? `member #${source}`;
  const when = c.type === 'direct_income' ? `${name} bought theirs` : `${name} claimed their daily income`;
  const what = c.type === 'direct_income' ? 'this direct income' : 'this level income';
  if (lack === 'blocked')
    return `Your account was blocked when ${when.replace(/ theirs$/, ' their plan')}, so ${what} was not paid.`;
  if (lack === 'inactive') return `You had no active plan when ${when}, so ${what} was not paid.`;
  return `You held no plan when ${when} (the activation fee alone earns no income), so ${what} was not paid.`;
}

/**
 * Credits one income to a member through the ledger, applying the rules of business-rules 5: skipped
 * (with the reason recorded) when the feature is off or the member is blocked, inactive, has that income
 * closed, or has reached the cap; cut to what remains under the cap; the cap reached closes ROI and
 * level income. Runs inside the caller's transaction and locks the member's row, so two credits to one
 * member never both see the same room under the cap. The ROI claim states the same decision in SQL
 * (income_decide, db/functions/income_decide.sql; decision 0045): a change of these rules changes both.
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
  const user = await tx
    .selectFrom('users')
    .select([
      'status',
      'is_active',
      'roi_status',
      'level_status',
      'active_plan',
      'total_earned',
      'deleted_at',
    ])
    .where('id', '=', c.userId)
    .forUpdate()
    .executeTakeFirst();
  if (!user || user.deleted_at) return skip('member not found');
  if (!s.features[c.feature]) return skip(`${c.feature} income is switched off`);
  if (user.status === 'block') return skip((await ownerSideReason(tx, c, 'blocked')) ?? 'member is blocked');
  if (user.is_active !== 'active')
    return skip((await ownerSideReason(tx, c, 'inactive')) ?? 'member is inactive');
  if (c.statusGate === 'roi' && user.roi_status === 'close')
    return skip('ROI income is closed for this member');
  if (c.statusGate === 'level' && user.level_status === 'close')
    return skip('level income is closed for this member');

  // CTO is paid outside the earning cap: the cap's total earnings are the five capped types (spec 9).
  if (!(cappedIncomeTypes as readonly string[]).includes(c.type)) {
    await post(tx, {
      key: c.causeKey,
      kind: 'income',
      incomeType: c.type,
      memberId: c.userId,
      memo: c.type,
      details: { ...c.why, due: c.amount, paid: c.amount },
      entries: [
        { account: { owner: c.userId, kind: c.wallet }, amount: c.amount },
        { account: { owner: null, kind: 'income_expense' }, amount: -c.amount },
      ],
    });
    return { paid: c.amount, skipped: 0n, reason: null };
  }
  const cap = mulDiv(user.active_plan, parseUnits(s.earningCapMultiplier), UNIT);
  const earned = user.total_earned;
  const room = cap - earned;
  if (room <= 0n)
    return skip(
      user.active_plan === 0n
        ? ((await ownerSideReason(tx, c, 'no plan')) ?? 'member has no plan')
        : 'earning cap reached',
    );
  const pay = minUnits(c.amount, room);
  await post(tx, {
    key: c.causeKey,
    kind: 'income',
    incomeType: c.type,
    memberId: c.userId,
    memo: `${c.type.replace('_', ' ')}`,
    details: { ...c.why, due: c.amount, paid: pay, cap, earned_before: earned },
    entries: [
      { account: { owner: c.userId, kind: c.wallet }, amount: pay },
      { account: { owner: null, kind: 'income_expense' }, amount: -pay },
    ],
  });
  if (pay < c.amount)
    await recordSkip(
      tx,
      { ...c, causeKey: `${c.causeKey}:over-cap` },
      c.amount - pay,
      'cut at the earning cap',
    );
  const capReached = earned + pay >= cap;
  await tx
    .updateTable('users')
    .set((eb) => ({
      total_earned: eb('total_earned', '+', pay),
      ...(capReached ? { roi_status: 'close' as const, level_status: 'close' as const } : {}),
    }))
    .where('id', '=', c.userId)
    .execute();
  return { paid: pay, skipped: c.amount - pay, reason: pay < c.amount ? 'cut at the earning cap' : null };
}
