import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '../../config';
import type { Db } from '../../db';
import type { Principal } from '../../http/access';
import { badRequest, forbidden } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import { writeAudit } from '../audit/audit.repo';
import { assertStrongPassword } from '../auth/password-strength';
import { hashPassword } from '../auth/passwords';
import type { SessionStore } from '../auth/sessions';
import type { Mailer } from '../mail/mailer';
import { mailText } from '../mail/messages';
import { issueEmailCode, useEmailCode } from './email-codes';

const RESET_TTL_MS = 60 * 60 * 1000;
const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Ask for a new one.';
const OTP_TTL_MS = 5 * 60 * 1000;
const sha256 = (s: string) => createHash('sha256').update(s).digest();

/** Forgotten passwords (single-use links valid 1 hour) and e-mail OTPs (6 digits, 5 minutes, hashed). */
export class RecoveryService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly sessions: SessionStore,
    private readonly limiter: RateLimiter,
    private readonly config: Config,
  ) {}

  /** Always answers the same, whether or not the address is registered. */
  async forgot(email: string, ip: string): Promise<void> {
    const window = this.config.rateLimits.windowMs;
    await this.limiter.hit(`forgot:ip:${ip}`, 10, window);
    await this.limiter.hit(`forgot:acct:${email}`, 3, window);
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'fullname', 'locale'])
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await this.db.transaction().execute(async (tx) => {
      // A new link replaces any earlier one.
      await tx
        .updateTable('password_resets')
        .set({ used_at: new Date() })
        .where('user_id', '=', user.id)
        .where('used_at', 'is', null)
        .execute();
      await tx
        .insertInto('password_resets')
        .values({
          user_id: user.id,
          token_hash: sha256(token),
          expires_at: new Date(Date.now() + RESET_TTL_MS),
        })
        .execute();
    });
    await this.mailer.send({
      to: user.email,
      subject: mailText(user.locale, 'reset.subject', {}),
      text: mailText(user.locale, 'reset.body', {
        name: user.fullname,
        link: `${this.config.appUrl}/reset-password?token=${token}`,
      }),
    });
  }

  async reset(token: string, password: string, ip: string): Promise<void> {
    await this.limiter.hit(`reset:ip:${ip}`, 20, this.config.rateLimits.windowMs);
    // The strength check needs to know whose password it is; the transaction below checks the link again.
    const owner = await this.db
      .selectFrom('password_resets as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['u.email', 'u.fullname', 'u.username', 'u.phone'])
      .where('r.token_hash', '=', sha256(token))
      .where('r.used_at', 'is', null)
      .where('r.expires_at', '>', new Date())
      .executeTakeFirst();
    if (!owner) throw badRequest(INVALID_RESET_LINK);
    await assertStrongPassword(password, owner);
    const hash = await hashPassword(password);
    await this.db.transaction().execute(async (tx) => {
      const r = await tx
        .selectFrom('password_resets')
        .select(['id', 'user_id'])
        .where('token_hash', '=', sha256(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .forUpdate()
        .executeTakeFirst();
      if (!r) throw badRequest(INVALID_RESET_LINK);
      await tx.updateTable('password_resets').set({ used_at: new Date() }).where('id', '=', r.id).execute();
      await tx
        .updateTable('users')
        .set({ password_hash: hash, updated_at: new Date() })
        .where('id', '=', r.user_id)
        .execute();
      await this.sessions.revokeAllFor(tx, r.user_id);
      await writeAudit(tx, {
        actorId: r.user_id,
        action: 'member.password_reset',
        entity: 'user',
        entityId: r.user_id,
        after: { password: 'changed' },
      });
    });
  }

  async sendOtp(principal: Principal, userId: number, email: string): Promise<void> {
    if (principal.userId !== BigInt(userId)) throw forbidden('You can only verify your own e-mail.');
    await this.limiter.hit(`otp:acct:${userId}`, 5, this.config.rateLimits.windowMs);
    const user = await this.db
      .selectFrom('users')
      .select(['email', 'fullname', 'locale'])
      .where('id', '=', principal.userId)
      .executeTakeFirstOrThrow();
    if (user.email.toLowerCase() !== email.toLowerCase())
      throw badRequest('That is not your registered e-mail.', {
        email: ['That is not your registered e-mail.'],
      });
    const code = await issueEmailCode(this.db, principal.userId, 'email', OTP_TTL_MS);
    await this.mailer.send({
      to: user.email,
      subject: mailText(user.locale, 'otp.subject', {}),
      text: mailText(user.locale, 'otp.body', { name: user.fullname, code, minutes: OTP_TTL_MS / 60_000 }),
    });
  }

  async verifyOtp(principal: Principal, userId: number, otp: string): Promise<void> {
    if (principal.userId !== BigInt(userId)) throw forbidden('You can only verify your own e-mail.');
    await this.limiter.hit(`otp-verify:acct:${userId}`, 20, this.config.rateLimits.windowMs);
    // A wrong code must still count its attempt, so the transaction commits and the refusal comes after.
    const outcome = await this.db.transaction().execute(async (tx) => {
      if ((await useEmailCode(tx, principal.userId, 'email', otp)) === 'wrong') return 'wrong' as const;
      await tx
        .updateTable('users')
        .set({ verify_at: new Date(), updated_at: new Date() })
        .where('id', '=', principal.userId)
        .execute();
      return 'verified' as const;
    });
    if (outcome === 'wrong') throw badRequest('Wrong code.', { otp: ['Wrong code.'] });
  }

  async outbox() {
    const rows = await this.db
      .selectFrom('mail_outbox')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      to: r.to_address,
      subject: r.subject,
      body: r.body,
      delivered_via: r.delivered_via,
      status: r.status,
      created_at: r.created_at.toISOString(),
    }));
  }
}
