import type { Settings } from '@sgx/contracts';
import { formatUsd, parseUnits } from '@sgx/money';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db';
import { AppError } from '../../http/errors';
import { refusal, type SqlErrorText } from '../../http/sql-errors';

/**
 * The identity levels' limits (decision 0073). The rule itself is SQL identity_limit_check.sql (one home, called by
 * withdrawal_request, transfer_touser and, through `checkIdentityLimit`, the top-ups and deposit requests); this
 * file gives it the setting in units and turns its refusal (SX601) into the member's message.
 */
export type LimitAction = 'deposit' | 'withdrawal' | 'transfer' | 'plan';
export type LimitWindow = 'day' | 'month' | 'plan';

const LIMIT_FIELDS = [
  'depositDay',
  'withdrawalDay',
  'withdrawalMonth',
  'largestPlan',
  'transferDay',
] as const;
const paramOf = new WeakMap<Settings['identityLevels'], string>();

/** The `identityLevels` setting as identity_limit_check's p_limits: JSON, each limit in 10^-8 units (text) or null. */
export function identityLimitsParam(s: Settings): string {
  const known = paramOf.get(s.identityLevels);
  if (known !== undefined) return known;
  const levels = s.identityLevels.map((level) =>
    Object.fromEntries(
      LIMIT_FIELDS.map((f) => [f, level[f] === null ? null : parseUnits(level[f]).toString()]),
    ),
  );
  const text = JSON.stringify(levels);
  paramOf.set(s.identityLevels, text);
  return text;
}

/** What SX601's DETAIL says: "<action> <window> <limit units> <level> <next level or -> <used units>". */
export function parseLimitDetail(detail: string) {
  const [action, window, limit, level, next, used] = detail.split(' ');
  return {
    action: (action ?? 'withdrawal') as LimitAction,
    window: (window ?? 'day') as LimitWindow,
    limit: BigInt(limit ?? '0'),
    level: Number(level ?? '0'),
    nextLevel: next === undefined || next === '-' ? null : Number(next),
    used: BigInt(used ?? '0'),
  };
}

/**
 * The member's error for an identity limit reached (SX601): which limit, and which level lifts it and how; its
 * details {action, limit, window, level, next_level} let the web app link to the identity page.
 */
export function identityLimitRefusal(detail: string): AppError {
  const d = parseLimitDetail(detail);
  const limit = formatUsd(d.limit);
  const next = d.nextLevel;
  const details = {
    action: [d.action],
    limit: [limit],
    window: [d.window],
    level: [String(d.level)],
    next_level: next === null ? [] : [String(next)],
  };
  if (d.action === 'withdrawal' && d.window === 'month')
    return new AppError(
      'BUSINESS_RULE',
      next === null
        ? `This is more than your identity level allows (withdrawals of ${limit} USD in 30 days).`
        : `This is more than your identity level allows (withdrawals of ${limit} USD in 30 days). Verify your identity to level ${next} to raise it: Profile > Identity.`,
      details,
    );
  if (d.action === 'withdrawal')
    return new AppError(
      'BUSINESS_RULE',
      next === null
        ? `This is more than your identity level allows (withdrawals of ${limit} USD a day).`
        : `This is more than your identity level allows (withdrawals of ${limit} USD a day). Verify your identity to level ${next} to raise it: Profile > Identity.`,
      details,
    );
  if (d.action === 'deposit')
    return new AppError(
      'BUSINESS_RULE',
      next === null
        ? `This is more than your identity level allows (deposits of ${limit} USD a day).`
        : `This is more than your identity level allows (deposits of ${limit} USD a day). Verify your identity to level ${next} to raise it: Profile > Identity.`,
      details,
    );
  if (d.action === 'transfer')
    return new AppError(
      'BUSINESS_RULE',
      next === null
        ? `This is more than your identity level allows (transfers of ${limit} USD a day).`
        : `This is more than your identity level allows (transfers of ${limit} USD a day). Verify your identity to level ${next} to raise it: Profile > Identity.`,
      details,
    );
  return new AppError(
    'BUSINESS_RULE',
    next === null
      ? `This is more than your identity level allows (a plan of up to ${limit} USD).`
      : `This is more than your identity level allows (a plan of up to ${limit} USD). Verify your identity to level ${next} to raise it: Profile > Identity.`,
    details,
  );
}

/** The registry text of SX601 for every caller of a function that checks the limits (http/sql-errors.ts). */
export const identityLimitSay: SqlErrorText = { SX601: identityLimitRefusal };

/**
 * Checks an action against the member's identity level inside the caller's transaction (the top-ups, the deposit
 * requests); the wallet withdrawals and transfers check in their own SQL. Throws the member's error when refused.
 */
export async function checkIdentityLimit(
  tx: DbOrTx,
  s: Settings,
  userId: bigint,
  action: LimitAction,
  amount: bigint,
): Promise<void> {
  try {
    await sql`SELECT identity_limit_check(${userId}::bigint, ${action}::text, ${amount}::bigint, ${identityLimitsParam(s)}::jsonb)`.execute(
      tx,
    );
  } catch (err) {
    refusal(err, identityLimitSay);
  }
}
