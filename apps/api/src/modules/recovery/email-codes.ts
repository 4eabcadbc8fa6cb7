import { randomInt } from 'node:crypto';
import type { Db, Tx } from '../../db';
import { AppError, badRequest } from '../../http/errors';
import { hashPassword, verifyPassword } from '../auth/passwords';

/** Wrong entries one code allows; then a new one must be asked for. */
export const EMAIL_CODE_MAX_ATTEMPTS = 5;

/**
 * What a code is for (`otps.purpose`): 'email' verifies the member's e-mail, 'payout_address' confirms a
 * payout address change of a member without two-factor (decision 0023). A code of one purpose never passes
 * for the other.
 */
export type EmailCodePurpose = 'email' | 'payout_address';

/**
 * A new 6-digit code for `purpose`, stored only as its argon2id hash and valid `ttlMs`; the member's earlier
 * unused codes of that purpose stop working. Returns the code for the caller to e-mail.
 */
export async function issueEmailCode(
  db: Db,
  userId: bigint,
  purpose: EmailCodePurpose,
  ttlMs: number,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const codeHash = Buffer.from(await hashPassword(code));
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('otps')
      .set({ used_at: new Date() })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
    await tx
      .insertInto('otps')
      .values({ user_id: userId, code_hash: codeHash, purpose, expires_at: new Date(Date.now() + ttlMs) })
      .execute();
  });
  return code;
}

/**
 * Checks `code` against the member's newest live code of `purpose`, under its row lock, in the caller's
 * transaction: a right one is used up ('ok'); a wrong one counts an attempt and answers 'wrong', so the
 * caller commits (the count stays) and refuses after. No live code is a 400, too many wrong ones a 429.
 * `field` names the request field the 400 is about, when there is one.
 */
export async function useEmailCode(
  tx: Tx,
  userId: bigint,
  purpose: EmailCodePurpose,
  code: string,
  field?: string,
): Promise<'ok' | 'wrong'> {
  const row = await tx
    .selectFrom('otps')
    .select(['id', 'code_hash', 'attempts'])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('id', 'desc')
    .forUpdate()
    .executeTakeFirst();
  if (!row) {
    const message = 'The code has expired. Ask for a new one.';
    throw badRequest(message, field ? { [field]: [message] } : undefined);
  }
  if (row.attempts >= EMAIL_CODE_MAX_ATTEMPTS)
    throw new AppError('RATE_LIMITED', 'Too many wrong codes. Ask for a new one.');
  if (!(await verifyPassword(row.code_hash.toString(), code))) {
    await tx
      .updateTable('otps')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .execute();
    return 'wrong';
  }
  await tx.updateTable('otps').set({ used_at: new Date() }).where('id', '=', row.id).execute();
  return 'ok';
}
