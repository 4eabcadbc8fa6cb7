import { createHash, randomBytes } from 'node:crypto';
import type { SecondFactorState, StaffRole } from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db';
import { GroupCommit } from '../../db/group-commit';
import type { UserRole } from '../../db/schema';
import type { Principal } from '../../http/principal';

const hashToken = (token: string) => createHash('sha256').update(token).digest();
const newToken = () => randomBytes(32).toString('base64url');

/**
 * Opaque bearer tokens. Only their SHA-256 is stored, so a copy of the database cannot be used to
 * sign in; a session ends at its expiry or when revoked (sign-out, password change, deletion).
 */
export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  async create(
    tx: DbOrTx,
    userId: bigint,
    role: UserRole,
    meta: { ip?: string | undefined; userAgent?: string | undefined },
    secondFactor: SecondFactorState = 'ok',
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + this.ttlMs);
    await tx
      .insertInto('sessions')
      .values({
        user_id: userId,
        token_hash: hashToken(token),
        role,
        expires_at: expiresAt,
        ip: meta.ip ?? null,
        user_agent: meta.userAgent?.slice(0, 300) ?? null,
        second_factor: secondFactor,
      })
      .execute();
    return { token, expiresAt };
  }

  /**
   * The session a token opens, or null. Lookups arriving while one is on its way go together in the next
   * (decision 0048): one statement for many requests under load, the same freshness (each is read after its
   * request arrived), alone and at once when the app is quiet.
   */
  resolve(token: string): Promise<Principal | null> {
    return this.lookups.submit(hashToken(token).toString('hex'));
  }

  private readonly lookups = new GroupCommit<string, Principal | null>((hashes) => this.lookup(hashes), {
    maxBatch: 64,
    maxInFlight: 1,
  });

  private async lookup(hashes: string[]): Promise<(Principal | null)[]> {
    // One call for a lone check and for several (db/functions/session_lookup.sql, decision 0096): its plan is made
    // once per server connection, also through a transaction pooler, where this statement goes unnamed.
    const { rows } = await sql<{
      id: bigint;
      user_id: bigint;
      role: UserRole;
      second_factor: SecondFactorState;
      staff_roles: string[];
      token_hash: Buffer;
      two_factor_on: boolean;
    }>`
      /* prepare:session_lookup */
      SELECT * FROM session_lookup(${hashes.map((h) => Buffer.from(h, 'hex'))}::bytea[], ${new Date()})`.execute(
      this.db,
    );
    const found = new Map(rows.map((r) => [Buffer.from(r.token_hash).toString('hex'), r]));
    return hashes.map((h) => {
      const row = found.get(h);
      return row
        ? {
            userId: row.user_id,
            role: row.role,
            sessionId: row.id,
            secondFactor: row.second_factor,
            twoFactorOn: Boolean(row.two_factor_on),
            staffRoles: row.staff_roles as StaffRole[],
          }
        : null;
    });
  }

  /**
   * The session proved its second factor (a code, or the first code of its enrolment): it is 'ok' under a
   * NEW token, and the token it had stops working at once (decision 0032), so a token seen before the
   * code (a shared screen, a log, a fixated one) never becomes a full session. Null when the session no
   * longer owes a second factor (a concurrent request passed it, or it ended).
   */
  async passSecondFactor(tx: DbOrTx, sessionId: bigint): Promise<string | null> {
    const token = newToken();
    const row = await tx
      .updateTable('sessions')
      .set({ second_factor: 'ok', token_hash: hashToken(token) })
      .where('id', '=', sessionId)
      .where('second_factor', 'in', ['code', 'enrol'])
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row ? token : null;
  }

  async revoke(tx: DbOrTx, sessionId: bigint): Promise<void> {
    await tx.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).execute();
  }

  async revokeAllFor(tx: DbOrTx, userId: bigint, exceptSessionId?: bigint): Promise<void> {
    let q = tx
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (exceptSessionId !== undefined) q = q.where('id', '<>', exceptSessionId);
    await q.execute();
  }
}
