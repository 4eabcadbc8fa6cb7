import { randomBytes } from 'node:crypto';
import type { SecondFactorState } from '@sgx/contracts';
import { Secret, TOTP } from 'otpauth';
import type { App, Deps } from '../src/app';
import { hashPassword } from '../src/modules/auth/passwords';
import { addToUplineTeams } from '../src/modules/members/members.repo';

export const DEFAULT_PASSWORD = 'Quiet-Meadow-Lamp-71';
let cachedHash: Promise<string> | undefined;

export type Built = {
  id: bigint;
  email: string;
  password: string;
  code: string;
  /** Two-factor sign-in, once turned on through tokenFor (admins) or a test: the secret, unused recovery codes. */
  twoFactor?: { secret: string; recoveryCodes: string[] };
};

type BuildOptions = {
  sponsorId?: bigint | null;
  email?: string;
  /**
   * The identity level (decision 0073). Built members are at level 2, whose default limits are none, so a test
   * moving money is not stopped by a limit it is not about; a test of the limits asks for 0 or 1.
   */
  identityLevel?: 0 | 1 | 2;
};

async function build(deps: Deps, role: 'user' | 'admin', opts: BuildOptions = {}): Promise<Built> {
  const email = opts.email ?? `${role}-${randomBytes(5).toString('hex')}@test.example`;
  cachedHash ??= hashPassword(DEFAULT_PASSWORD);
  const passwordHash = await cachedHash;
  const id = await deps.db.transaction().execute(async (tx) => {
    const id = await deps.auth.insertMember(tx, {
      email,
      fullname: role === 'admin' ? 'Test Admin' : 'Test Member',
      phone: '9000000000',
      passwordHash,
      sponsorId: opts.sponsorId ?? null,
      prefix: role === 'admin' ? 'ADM' : 'SGX',
      role,
    });
    await addToUplineTeams(tx, id, 1);
    await tx
      .updateTable('users')
      .set({ identity_level: opts.identityLevel ?? 2 })
      .where('id', '=', id)
      .execute();
    return id;
  });
  const row = await deps.db
    .selectFrom('users')
    .select('refferal_code')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, email, password: DEFAULT_PASSWORD, code: row.refferal_code };
}

export const buildMember = (deps: Deps, opts?: BuildOptions) => build(deps, 'user', opts);
export const buildAdmin = (deps: Deps) => build(deps, 'admin');

/** The 30-second step of now (RFC 6238). */
export const stepNow = (now = Date.now()): number => Math.floor(now / 30_000);

/** The 6-digit code of a base32 secret for a step (default: the current one), as an authenticator app shows it. */
export const totpCode = (secret: string, step = stepNow()): string =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * 30_000 + 1 });

async function post(app: App, url: string, token: string, payload?: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(token), payload });
  if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * Turns two-factor on for a signed-in 'enrol' (or 'ok') session, remembering the secret and codes on `who`.
 * The password goes along: an 'ok' session must give it (an 'enrol' one has just signed in with it).
 * Returns the session's token from then on: an 'enrol' session gets a new one (decision 0032), an 'ok'
 * one keeps its own.
 */
export async function enrolTwoFactor(app: App, who: Built, token: string): Promise<string> {
  const { secret } = await post(app, '/auth/2fa/enrol', token);
  const confirmed = await post(app, '/auth/2fa/confirm', token, {
    code: totpCode(secret),
    password: who.password,
  });
  who.twoFactor = { secret, recoveryCodes: confirmed.recovery_codes };
  return confirmed.token ?? token;
}

/**
 * The code that a 'code' session owes: a step not used yet within the server's window (current +/- 1),
 * or else a recovery code. Each step is accepted once per user, so this reads the last one taken.
 * Returns the session's new token (the one signed in with stops working: decision 0032).
 */
async function passSecondFactor(app: App, who: Built, token: string): Promise<string> {
  const factor = who.twoFactor;
  if (!factor) throw new Error('This account has two-factor on, but its secret is unknown to the test.');
  // Not too near a step's end, so the server's window is the one the step was picked from.
  if (30_000 - (Date.now() % 30_000) < 1_500) await new Promise((r) => setTimeout(r, 1_600));
  const row = await app.deps.db
    .selectFrom('two_factors')
    .select('last_step')
    .where('user_id', '=', who.id)
    .executeTakeFirst();
  const last = row?.last_step ?? null;
  const now = stepNow();
  const step = [now - 1, now, now + 1].find((s) => last === null || BigInt(s) > last);
  if (step !== undefined) {
    return (await post(app, '/auth/2fa/verify', token, { code: totpCode(factor.secret, step) })).token;
  }
  const recovery = factor.recoveryCodes.shift();
  if (!recovery) throw new Error('No unused recovery code left for this account.');
  const signedIn: string = (await post(app, '/auth/2fa/verify', token, { code: recovery })).token;
  // Keep a supply: the second-last code buys a new set.
  const renew = factor.recoveryCodes.length <= 2 ? factor.recoveryCodes.shift() : undefined;
  if (renew) {
    const { recovery_codes } = await post(app, '/auth/2fa/recovery-codes', signedIn, { code: renew });
    factor.recoveryCodes = recovery_codes;
  }
  return signedIn;
}

/** Signs in with the password only: the token and what the session still owes ('ok', 'code', 'enrol'). */
export async function passwordSignIn(
  app: App,
  who: Built,
  kind: 'user' | 'admin' = 'user',
): Promise<{ token: string; state: SecondFactorState }> {
  const res = await app.inject({
    method: 'POST',
    url: kind === 'admin' ? '/api/v1/auth/adminsignin' : '/api/v1/auth/signin',
    payload: { email: who.email, password: who.password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { token: (kind === 'admin' ? body.admin : body.auth).token, state: body.second_factor };
}

/**
 * Signs in through the API and returns a bearer token that may be used ('ok'): an admin without
 * two-factor enrols (with a code computed from the returned secret), an account with it enters a code.
 */
export async function tokenFor(app: App, who: Built, kind: 'user' | 'admin' = 'user'): Promise<string> {
  const { token, state } = await passwordSignIn(app, who, kind);
  if (state === 'enrol') return enrolTwoFactor(app, who, token);
  if (state === 'code') return passSecondFactor(app, who, token);
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
