import type {
  RecoveryCodesResponse,
  TwoFactorConfirmBody,
  TwoFactorConfirmResponse,
  TwoFactorDisableBody,
  TwoFactorEnrolResponse,
  TwoFactorStatusResponse,
  TwoFactorVerifyResponse,
} from '@sgx/contracts';
import QRCode from 'qrcode';
import type { Db } from '../../db';
import { type Principal, secondFactorOwed } from '../../http/access';
import { badRequest, businessRule, conflict, forbidden } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';
import {
  type CodeChecker,
  checkCode,
  confirmMember,
  countCodeCheck,
  forgetCodeChecks,
  hasSecondFactor,
  INVALID_CODE,
  makeRecoveryCodes,
  matchStep,
  newSecret,
  passwordMatches,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  totpOf,
  WRONG_PASSWORD,
} from './second-factor';
import type { SessionStore } from './sessions';

const ALREADY_ON = 'Two-factor sign-in is already on.';
const IS_OFF = 'Two-factor sign-in is not on.';
const NO_CODE_OWED = 'This session needs no code.';

/** Who enters a code: the session's user, counted per session and per client address (decision 0032). */
const checkerOf = (p: Principal, ip: string | undefined): CodeChecker => ({
  userId: p.userId,
  sessionId: p.sessionId,
  ip,
});

/**
 * Two-factor sign-in (decision 0023): enrolment with a QR code, confirmation with a first code
 * (recovery codes shown once), the code a 'code' session owes, new recovery codes, and turning it off
 * (members only). Every code check is counted per session and client address before anything is
 * hashed (second-factor.ts, decision 0032); proving the second factor gives the session a new token.
 */
export class TwoFactorService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
  ) {}

  async status(p: Principal): Promise<TwoFactorStatusResponse> {
    return {
      enabled: await hasSecondFactor(this.db, p.userId),
      required: p.role === 'admin',
      session: p.secondFactor,
      recovery_codes_left: await recoveryCodesLeft(this.db, p.userId),
    };
  }

  /** A new pending secret (replacing an unconfirmed one); nothing changes until it is confirmed. */
  async enrol(p: Principal): Promise<TwoFactorEnrolResponse> {
    if (p.secondFactor === 'code') throw secondFactorOwed(p);
    const user = await this.db
      .selectFrom('users')
      .select(['username', 'email'])
      .where('id', '=', p.userId)
      .executeTakeFirstOrThrow();
    const secret = newSecret();
    const row = await this.db
      .insertInto('two_factors')
      .values({ user_id: p.userId, secret, confirmed_at: null, last_step: null })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ secret, created_at: new Date(), last_step: null })
          .where('two_factors.confirmed_at', 'is', null),
      )
      .returning('user_id')
      .executeTakeFirst();
    if (!row) throw conflict(ALREADY_ON);
    const otpauthUrl = totpOf(secret, user.username || user.email).toString();
    const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    return { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg };
  }

  /**
   * The first code from the pending secret turns two-factor on; the session is then 'ok' and the user's
   * other sessions end. From an 'ok' session the password is asked too (a borrowed session must not put its
   * own authenticator on the account); an 'enrol' session has just given it, so none is asked there, and
   * it continues under a new token (returned; the old one stops working).
   */
  async confirm(p: Principal, body: TwoFactorConfirmBody, ip?: string): Promise<TwoFactorConfirmResponse> {
    if (p.secondFactor === 'code') throw secondFactorOwed(p);
    const needsPassword = p.secondFactor === 'ok';
    if (needsPassword && body.password === undefined) {
      throw badRequest('Enter your password.', { password: ['Enter your password.'] });
    }
    const pending = await this.db
      .selectFrom('two_factors')
      .select(['secret', 'confirmed_at'])
      .where('user_id', '=', p.userId)
      .executeTakeFirst();
    if (pending?.confirmed_at) throw conflict(ALREADY_ON);
    if (!pending) throw conflict('Start the set-up first: no secret is waiting for a code.');
    // Counted before the password is hashed: a wrong password is a wrong attempt too.
    const checker = checkerOf(p, ip);
    await countCodeCheck(this.db, checker);
    if (needsPassword && !(await passwordMatches(this.db, p.userId, body.password ?? ''))) {
      throw badRequest(WRONG_PASSWORD, { password: [WRONG_PASSWORD] });
    }
    const step = matchStep(pending.secret, body.code);
    if (step === null) throw businessRule(INVALID_CODE);
    const { codes, hashes } = await makeRecoveryCodes();
    const token = await this.db.transaction().execute(async (tx) => {
      // Only the secret the code was checked against, and only once (a concurrent confirm or enrol loses).
      const on = await tx
        .updateTable('two_factors')
        .set({ confirmed_at: new Date(), last_step: step })
        .where('user_id', '=', p.userId)
        .where('confirmed_at', 'is', null)
        .where('secret', '=', pending.secret)
        .returning('user_id')
        .executeTakeFirst();
      if (!on) throw conflict('The set-up changed meanwhile. Start it again.');
      await replaceRecoveryCodes(tx, p.userId, hashes);
      // An 'enrol' session has proven its second factor: 'ok', under a new token.
      const renewed =
        p.secondFactor === 'enrol' ? await this.sessions.passSecondFactor(tx, p.sessionId) : null;
      if (p.secondFactor === 'enrol' && renewed === null) throw conflict(NO_CODE_OWED);
      // Every other session of the user ends: whoever else held one signs in again, with a code.
      await this.sessions.revokeAllFor(tx, p.userId, p.sessionId);
      await writeAudit(tx, {
        actorId: p.userId,
        action: 'two_factor.enabled',
        entity: 'user',
        entityId: p.userId,
        before: { two_factor: false },
        after: { two_factor: true },
      });
      return renewed;
    });
    await forgetCodeChecks(this.db, checker);
    return {
      message:
        'Two-factor sign-in is on, and your other sessions are signed out. Keep these recovery codes safe.',
      recovery_codes: codes,
      ...(token === null ? {} : { token }),
    };
  }

  /**
   * The code a 'code' session owes: a 6-digit code or an unused recovery code. The session then continues
   * under a new token (returned); the one it was signed in with stops working (decision 0032).
   */
  async verify(p: Principal, code: string, ip?: string): Promise<TwoFactorVerifyResponse> {
    if (p.secondFactor === 'enrol') throw secondFactorOwed(p);
    if (p.secondFactor === 'ok') throw conflict(NO_CODE_OWED);
    const used = await checkCode(this.db, checkerOf(p, ip), code);
    const token = await this.sessions.passSecondFactor(this.db, p.sessionId);
    if (token === null) throw conflict(NO_CODE_OWED);
    const left = await recoveryCodesLeft(this.db, p.userId);
    return {
      message: used === 'recovery' ? 'Signed in with a recovery code.' : 'Signed in.',
      recovery_codes_left: left,
      token,
    };
  }

  /** A new set of recovery codes (the old ones stop working), after a code. */
  async regenerateRecoveryCodes(p: Principal, code: string, ip?: string): Promise<RecoveryCodesResponse> {
    if (p.secondFactor !== 'ok') throw secondFactorOwed(p);
    if (!(await hasSecondFactor(this.db, p.userId))) throw conflict(IS_OFF);
    await checkCode(this.db, checkerOf(p, ip), code);
    const { codes, hashes } = await makeRecoveryCodes();
    await this.db.transaction().execute(async (tx) => {
      await replaceRecoveryCodes(tx, p.userId, hashes);
      await writeAudit(tx, {
        actorId: p.userId,
        action: 'two_factor.recovery_codes_regenerated',
        entity: 'user',
        entityId: p.userId,
        after: { recovery_codes: codes.length },
      });
    });
    return { message: 'New recovery codes. The old ones no longer work.', recovery_codes: codes };
  }

  /** Members only: with the password and a code, two-factor sign-in is turned off. */
  async disable(p: Principal, body: TwoFactorDisableBody, ip?: string): Promise<void> {
    if (p.role === 'admin') throw forbidden('Two-factor sign-in is required for administrators.');
    if (p.secondFactor !== 'ok') throw secondFactorOwed(p);
    if (!(await hasSecondFactor(this.db, p.userId))) throw conflict(IS_OFF);
    // The password and a code (counted before the password is hashed: a wrong password is a wrong attempt too).
    await confirmMember(this.db, checkerOf(p, ip), body, 'password-and-code', true);
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', p.userId).execute();
      await tx.deleteFrom('two_factors').where('user_id', '=', p.userId).execute();
      // Sessions of the user still waiting for a code end (they sign in again, the password is all that
      // is asked now): a token that never gave its code does not become a full session (decision 0032).
      await tx
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', p.userId)
        .where('second_factor', '=', 'code')
        .where('revoked_at', 'is', null)
        .execute();
      await writeAudit(tx, {
        actorId: p.userId,
        action: 'two_factor.disabled',
        entity: 'user',
        entityId: p.userId,
        before: { two_factor: true },
        after: { two_factor: false },
      });
    });
  }
}
