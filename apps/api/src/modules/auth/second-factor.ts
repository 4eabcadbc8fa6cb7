import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Db, DbOrTx, Tx } from '../../db';
import { badRequest, businessRule } from '../../http/errors';
import type { RequestKey } from '../../http/listing';
import type { Principal } from '../../http/principal';
import { RateLimiter } from '../../http/rate-limit';
import { writeAudit } from '../audit/audit.repo';
import { keyAlreadyUsed } from '../ledger/money-guards';
import { hashPassword, verifyPassword } from './passwords';

/**
 * Two-factor sign-in (decision 0023): RFC 6238 codes (SHA-1, 6 digits, 30-second steps, what
 * every authenticator app computes) through `otpauth`, and recovery codes stored as argon2id hashes.
 * This file holds the checks other modules call (`hasSecondFactor`, `requireSecondFactor`); the routes'
 * rules are in two-factor.service.ts.
 */

export const TWO_FACTOR_ISSUER = 'SocialGenX';
const PERIOD_SECONDS = 30;
/** A code is accepted for the current step and one step either side (clock drift, typing time). */
const WINDOW_STEPS = 1;
/** Wrong codes one session may enter per window; a right one starts its count again (decision 0032). */
export const CODE_CHECKS_PER_WINDOW = 5;
export const CODE_CHECK_WINDOW_MS = 15 * 60_000;
/** Wrong codes from one client address per window, whatever the account or session. */
export const CODE_CHECKS_PER_ADDRESS = 30;
/**
 * Wrong codes an account may take per hour from sessions that have failed already: a ceiling against
 * guessing spread over many sessions, which never refuses a session's first try (the owner's).
 */
export const CODE_CHECKS_PER_ACCOUNT = 30;
export const ACCOUNT_CHECK_WINDOW_MS = 60 * 60_000;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const INVALID_CODE =
  'That code is not valid. Enter the current code from your authenticator app, or an unused recovery code.';

/** A new random secret (160 bits, as RFC 4226 recommends), in base32. */
export const newSecret = (): string => new Secret({ size: 20 }).base32;

/** The TOTP of a secret with the label an authenticator app shows (issuer: SocialGenX). */
export const totpOf = (secret: string, label: string): TOTP =>
  new TOTP({
    issuer: TWO_FACTOR_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** The 30-second step a 6-digit code belongs to (current +/- 1), or null when it matches none. */
export function matchStep(secret: string, code: string, now = Date.now()): bigint | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secret, 'check');
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW_STEPS });
  return delta === null ? null : BigInt(totp.counter({ timestamp: now }) + delta);
}

/** A recovery code as stored: lower case, `xxxx-xxxx`; null when the text cannot be one. */
export function normalRecoveryCode(code: string): string | null {
  const m = /^([a-z0-9]{4})-?([a-z0-9]{4})$/.exec(code.trim().toLowerCase());
  return m ? `${m[1]}-${m[2]}` : null;
}

/** Ten new recovery codes (about 40 bits each) and their argon2id hashes. */
export async function makeRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let s = '';
    for (let i = 0; i < 8; i++) s += RECOVERY_ALPHABET.charAt(randomInt(RECOVERY_ALPHABET.length));
    return `${s.slice(0, 4)}-${s.slice(4)}`;
  });
  return { codes, hashes: await Promise.all(codes.map((c) => hashPassword(c))) };
}

/** Replaces the user's recovery codes as a set (the old ones stop working). */
export async function replaceRecoveryCodes(tx: Tx, userId: bigint, hashes: string[]): Promise<void> {
  await tx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await tx
    .insertInto('two_factor_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

export async function recoveryCodesLeft(db: DbOrTx, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Who enters a code: the account, and the session and client address it comes from when known. Without a
 * session (a caller that has none to give) the account itself is the session: its own five per window.
 */
export type CodeChecker = { userId: bigint; sessionId?: bigint | undefined; ip?: string | undefined };

const limitKeys = (c: CodeChecker) => ({
  session: c.sessionId === undefined ? `2fa:user:${c.userId}` : `2fa:session:${c.sessionId}`,
  address: c.ip === undefined ? null : `2fa:ip:${c.ip}`,
  account: `2fa:account:${c.userId}`,
});

/**
 * Counts one code check before anything is hashed (decision 0032): the sixth in 15 minutes from one
 * session, or the 31st from one address, is a 429; a session that has failed already is refused too
 * once the account has taken 30 checks in the hour. Wrong codes from one session or address never
 * lock the owner out of their account: a new sign-in elsewhere enters its code. Run it outside any
 * transaction, so a refused code's count is not rolled back with it.
 */
export async function countCodeCheck(db: Db, c: CodeChecker): Promise<void> {
  const limiter = new RateLimiter(db);
  const keys = limitKeys(c);
  const inSession = await limiter.hit(keys.session, CODE_CHECKS_PER_WINDOW, CODE_CHECK_WINDOW_MS);
  if (keys.address) await limiter.hit(keys.address, CODE_CHECKS_PER_ADDRESS, CODE_CHECK_WINDOW_MS);
  await limiter.hit(keys.account, CODE_CHECKS_PER_ACCOUNT, ACCOUNT_CHECK_WINDOW_MS, {
    enforce: inSession > 1,
  });
}

/** A right code: the session's count starts again; the address and the account take this check back. */
export async function forgetCodeChecks(db: Db, c: CodeChecker): Promise<void> {
  const limiter = new RateLimiter(db);
  const keys = limitKeys(c);
  await limiter.reset(keys.session);
  if (keys.address) await limiter.refund(keys.address);
  await limiter.refund(keys.account);
}

export type CodeUsed = 'totp' | 'recovery';

/**
 * Checks a code against the user's confirmed second factor and uses it up; the caller has counted the
 * check (countCodeCheck). A 6-digit code is taken only for a step later than the last one taken, in one
 * conditional UPDATE, so two requests with one code cannot both pass; a recovery code is marked used by
 * a conditional UPDATE too (audited). Returns what was used, or null for a wrong or used code.
 */
export async function useCode(db: Db, userId: bigint, code: string): Promise<CodeUsed | null> {
  const factor = await db
    .selectFrom('two_factors')
    .select(['secret'])
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  if (!factor) return null;
  const text = code.trim();
  if (/^\d{6}$/.test(text)) {
    const step = matchStep(factor.secret, text);
    if (step === null) return null;
    const taken = await db
      .updateTable('two_factors')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is not', null)
      .where('secret', '=', factor.secret)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .returning('user_id')
      .executeTakeFirst();
    return taken ? 'totp' : null;
  }
  const normal = normalRecoveryCode(text);
  if (!normal) return null;
  const unused = await db
    .selectFrom('two_factor_recovery_codes')
    .select(['id', 'code_hash'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  const matches = await Promise.all(unused.map((r) => verifyPassword(r.code_hash, normal)));
  const hit = unused[matches.indexOf(true)];
  if (!hit) return null;
  return db.transaction().execute(async (tx) => {
    const used = await tx
      .updateTable('two_factor_recovery_codes')
      .set({ used_at: new Date() })
      .where('id', '=', hit.id)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!used) return null;
    const left = await recoveryCodesLeft(tx, userId);
    await writeAudit(tx, {
      actorId: userId,
      action: 'two_factor.recovery_code_used',
      entity: 'user',
      entityId: userId,
      after: { recovery_codes_left: left },
    });
    return 'recovery' as const;
  });
}

/** Counts the check, then uses the code; a wrong one is a 422, a right one clears the count. */
export async function checkCode(db: Db, who: CodeChecker, code: string): Promise<CodeUsed> {
  await countCodeCheck(db, who);
  const used = await useCode(db, who.userId, code);
  if (!used) throw businessRule(INVALID_CODE);
  await forgetCodeChecks(db, who);
  return used;
}

/** Whether the user has two-factor sign-in on (a confirmed second factor). */
export async function hasSecondFactor(db: DbOrTx, userId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('two_factors')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The second-factor check of a sensitive member action (a withdrawal, a payout address change). When the
 * user has two-factor on: a missing code is a 400 (VALIDATION_FAILED, details.code), a wrong or used one a
 * 422 (BUSINESS_RULE), too many wrong ones a 429 (countCodeCheck); a right one is used up and it returns
 * true. Without two-factor it returns false and the caller decides what else to ask (an e-mail code...).
 *
 * Call it with the app's Db BEFORE opening the action's transaction: inside a transaction a refusal
 * would roll back its own count, so it throws when handed one. The code stays used even when the action
 * then fails; the member enters the next one.
 */
export async function requireSecondFactor(
  db: DbOrTx,
  /** The user, or the user with the session (and address) the code comes from: counted per session. */
  who: bigint | CodeChecker,
  code: string | undefined,
  /** Whether the user has two-factor on, when the caller already knows (the session read it). */
  on?: boolean,
): Promise<boolean> {
  if (db.isTransaction) {
    throw new Error('requireSecondFactor must run before the transaction opens (pass the app Db, not a Tx).');
  }
  const checker = typeof who === 'bigint' ? { userId: who } : who;
  if (!(on ?? (await hasSecondFactor(db, checker.userId)))) return false;
  const text = code?.trim() ?? '';
  if (text === '') {
    const message = 'Enter the code from your authenticator app.';
    throw badRequest(message, { code: [message] });
  }
  await checkCode(db, checker, text);
  return true;
}

export const WRONG_PASSWORD = 'Your password is not correct.';

/** Whether the password is the user's (argon2id, as sign-in checks it). */
export async function passwordMatches(db: DbOrTx, userId: bigint, password: string): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return verifyPassword(user.password_hash, password);
}

/**
 * What a signed-in member gives again to confirm an action: `password-and-code` asks the password, and the
 * authenticator code as well when two-factor is on (closing the account, turning two-factor off);
 * `code-or-password` asks the code when two-factor is on, else the password (a copy of their data). The one home
 * of this check (decisions 0032 and 0077): counted as a code check before anything is hashed, so wrong passwords
 * and wrong codes share the limits; the password is checked before the code, so a code is not used up by a
 * request with a wrong password. A missing password or code is a 400, a wrong password a 400 (details.password),
 * a wrong or used code a 422; a right answer clears the session's count. Run it with the app's Db before the
 * action's transaction (a refusal's count must not be rolled back).
 */
export async function confirmMember(
  db: Db,
  who: CodeChecker,
  given: { password?: string | undefined; code?: string | undefined },
  asks: 'password-and-code' | 'code-or-password',
  /** Whether the user has two-factor on, when the caller already knows. */
  on?: boolean,
): Promise<void> {
  if (db.isTransaction) throw new Error('confirmMember must run before the transaction opens.');
  const twoFactor = on ?? (await hasSecondFactor(db, who.userId));
  const code = given.code?.trim() ?? '';
  if (twoFactor && code === '') {
    const message = 'Enter the code from your authenticator app.';
    throw badRequest(message, { code: [message] });
  }
  if (twoFactor && asks === 'code-or-password') {
    await checkCode(db, who, code);
    return;
  }
  if (!given.password) throw badRequest('Enter your password.', { password: ['Enter your password.'] });
  await countCodeCheck(db, who);
  if (!(await passwordMatches(db, who.userId, given.password))) {
    throw badRequest(WRONG_PASSWORD, { password: [WRONG_PASSWORD] });
  }
  if (twoFactor && !(await useCode(db, who.userId, code))) throw businessRule(INVALID_CODE);
  await forgetCodeChecks(db, who);
}

/**
 * The second factor of a member's money request (a withdrawal, a transfer, a friend top-up: decision 0023),
 * before the request's transaction. Admins acting for a member passed theirs at sign-in; members without
 * two-factor (known from the session's read) cost no round trip. The retry of a request that went through
 * (its scoped Idempotency-Key is claimed with this fingerprint) is not asked again: it gets its first answer
 * and moves nothing more.
 */
export async function askMemberSecondFactor(
  db: Db,
  p: Principal,
  code: string | undefined,
  requestKey: RequestKey,
): Promise<void> {
  if (p.role !== 'user' || p.twoFactorOn === false) return;
  if (await keyAlreadyUsed(db, `${p.userId}:${requestKey.key}`, requestKey.fingerprint)) return;
  await requireSecondFactor(db, { userId: p.userId, sessionId: p.sessionId }, code, p.twoFactorOn);
}
