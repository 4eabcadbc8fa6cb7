import { randomInt } from 'node:crypto';
import type { AuthRecord, RegisterBody, SecondFactorState, StaffRoleName } from '@sgx/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db';
import type { UserRole } from '../../db/schema';
import type { Principal } from '../../http/access';
import { AppError, badRequest, conflict, forbidden, unauthenticated } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import { assertCountryServed } from '../identity-limits/country';
import type { SettingsService } from '../settings/settings.service';
import { addToUplineTeams } from '../teams/uplines';
import { emit } from '../webhooks/emit';
import { assertStrongPassword } from './password-strength';
import { hashPassword, verifyPassword } from './passwords';
import { hasSecondFactor } from './second-factor';
import type { SessionStore } from './sessions';

type Register = z.output<typeof RegisterBody>;
type Meta = { ip: string; userAgent?: string | undefined };
export type SignedIn = { record: AuthRecord; expireAt: string; secondFactor: SecondFactorState };

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomCode(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += CODE_ALPHABET.charAt(randomInt(CODE_ALPHABET.length));
  return out;
}

function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
    private readonly settings: SettingsService,
    private readonly limiter: RateLimiter,
    private readonly limits: Config['rateLimits'],
  ) {}

  async register(body: Register, meta: Meta): Promise<SignedIn> {
    await this.settings.requireFeature('registration');
    await this.limiter.hit(`register:ip:${meta.ip}`, this.limits.registerPerIp, this.limits.windowMs);
    const settings = await this.settings.all();
    if (body.country !== undefined) assertCountryServed(settings, body.country);
    const sponsorCode = body.referralBy || settings.rootReferralCode;
    const sponsor = await this.db
      .selectFrom('users')
      .select('id')
      .where('refferal_code', '=', sponsorCode)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (body.referralBy && !sponsor) {
      throw badRequest('Invalid referral code.', { referralBy: ['Invalid referral code.'] });
    }
    await this.assertEmailFree(this.db, body.email);
    await assertStrongPassword(body.password, body);
    const passwordHash = await hashPassword(body.password);
    return this.db.transaction().execute(async (tx) => {
      const id = await this.insertMember(tx, {
        email: body.email,
        fullname: body.fullname,
        phone: body.phone,
        passwordHash,
        sponsorId: sponsor?.id ?? null,
        prefix: settings.usernamePrefix,
        role: 'user',
      });
      await addToUplineTeams(tx, id, 1);
      if (body.country !== undefined)
        await tx.updateTable('users').set({ country: body.country }).where('id', '=', id).execute();
      const member = await tx
        .selectFrom('users')
        .select(['username', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await emit(tx, 'member.registered', {
        member_id: String(id),
        username: member.username,
        fullname: body.fullname,
        email: body.email,
        sponsor_id: sponsor ? String(sponsor.id) : null,
        registered_at: member.created_at.toISOString(),
      });
      return this.startSession(tx, id, meta, 'ok');
    });
  }

  private async assertEmailFree(db: Db | Tx, email: string): Promise<void> {
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (taken)
      throw conflict('This email is already registered.', { email: ['This email is already registered.'] });
  }

  /**
   * Inserts a member with a generated unique username (prefix + 6 digits, growing by a digit when a
   * length fills up) and referral code. Also used by the seed and the first-admin bootstrap.
   */
  async insertMember(
    tx: Tx,
    m: {
      email: string;
      fullname: string;
      phone: string | null;
      passwordHash: string;
      sponsorId: bigint | null;
      prefix: string;
      role: UserRole;
      refferalCode?: string;
    },
  ): Promise<bigint> {
    await this.assertEmailFree(tx, m.email);
    for (let attempt = 0; attempt < 40; attempt++) {
      const username = `${m.prefix}${randomDigits(6 + Math.floor(attempt / 10))}`;
      const code = attempt === 0 && m.refferalCode ? m.refferalCode : randomCode(8);
      const row = await tx
        .insertInto('users')
        .values({
          username,
          email: m.email,
          password_hash: m.passwordHash,
          role: m.role,
          fullname: m.fullname,
          phone: m.phone,
          sponsor_id: m.sponsorId,
          refferal_code: code,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row) return row.id;
      // A username or code collided (or an e-mail raced us): check the e-mail, then try new names.
      await this.assertEmailFree(tx, m.email);
    }
    throw new AppError('INTERNAL', 'Could not allocate a username. Please try again.');
  }

  async signIn(kind: UserRole, body: { email: string; password: string }, meta: Meta): Promise<SignedIn> {
    if (kind === 'user') await this.settings.requireFeature('login');
    const account = body.email.trim().toLowerCase();
    // Counted before any hashing, so a flood of attempts costs no CPU.
    await this.limiter.hit(`signin:ip:${meta.ip}`, this.limits.signinPerIp, this.limits.windowMs);
    await this.limiter.hit(`signin:acct:${account}`, this.limits.signinPerAccount, this.limits.windowMs);
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'password_hash', 'role', 'suspended_at'])
      .where((eb) => eb.or([eb(sql`lower(email)`, '=', account), eb(sql`lower(username)`, '=', account)]))
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    const ok = await verifyPassword(user?.password_hash, body.password);
    if (!user || !ok || user.role !== kind) throw unauthenticated('Invalid email or password.');
    // A suspended staff account (decision 0042) is told so, once its password is right.
    if (user.suspended_at !== null) throw forbidden('This staff account is suspended. Ask an owner.');
    await this.limiter.reset(`signin:acct:${account}`);
    return this.db.transaction().execute(async (tx) => {
      await tx.updateTable('users').set({ last_login: new Date() }).where('id', '=', user.id).execute();
      // With two-factor on, the session owes a code; an admin without it must set it up (decision 0023).
      const secondFactor: SecondFactorState = (await hasSecondFactor(tx, user.id))
        ? 'code'
        : user.role === 'admin'
          ? 'enrol'
          : 'ok';
      return this.startSession(tx, user.id, meta, secondFactor);
    });
  }

  private async startSession(
    tx: Tx,
    userId: bigint,
    meta: Meta,
    secondFactor: SecondFactorState,
  ): Promise<SignedIn> {
    const u = await tx
      .selectFrom('users')
      .select(['id', 'refferal_code', 'username', 'email', 'fullname', 'role', 'staff_roles'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const { token, expiresAt } = await this.sessions.create(tx, userId, u.role, meta, secondFactor);
    return {
      record: {
        id: Number(u.id),
        token,
        refferal_code: u.refferal_code,
        username: u.username,
        email: u.email,
        fullname: u.fullname,
        role: u.role,
        ...(u.role === 'admin' ? { staff_roles: u.staff_roles as StaffRoleName[] } : {}),
      },
      expireAt: expiresAt.toISOString(),
      secondFactor,
    };
  }

  async signOut(principal: Principal): Promise<void> {
    await this.sessions.revoke(this.db, principal.sessionId);
  }
}
