import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect } from '@playwright/test';
import { HOTP, Secret } from 'otpauth';

/**
 * The browser tests' authenticator app (decision 0023). Per e-mail: the two-factor secret, the recovery codes not
 * used yet, and the time steps whose codes were used (the server takes each code once). Kept in a JSON file
 * in the server's data folder, which the run starts afresh (playwright.config.ts), so a restarted worker
 * still knows the admins enrolled earlier in the run.
 */
export interface SecondFactorEntry {
  secret: string;
  recoveryCodes: string[];
  usedSteps: number[];
}
type Entries = Record<string, SecondFactorEntry>;

const PERIOD_MS = 30_000;
/** Below this many recovery codes a new set is made (through the API) after the next sign-in. */
export const FEW_RECOVERY_CODES = 4;

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const storeFile = path.join(
  repoRoot,
  '.tmp',
  `e2e-${process.env.E2E_PORT ?? 3100}`,
  'second-factor.json',
);

const keyOf = (email: string) => email.trim().toLowerCase();

function load(): Entries {
  try {
    return JSON.parse(readFileSync(storeFile, 'utf8')) as Entries;
  } catch {
    return {};
  }
}

function save(entries: Entries): void {
  mkdirSync(path.dirname(storeFile), { recursive: true });
  const temporary = `${storeFile}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(entries, null, 2));
  renameSync(temporary, storeFile);
}

function update(email: string, change: (entry: SecondFactorEntry) => void): void {
  const entries = load();
  const entry = entries[keyOf(email)];
  if (entry === undefined) throw new Error(`no two-factor secret stored for ${email}`);
  change(entry);
  save(entries);
}

export function entryOf(email: string): SecondFactorEntry | undefined {
  return load()[keyOf(email)];
}

export function hasSecondFactor(email: string): boolean {
  return entryOf(email) !== undefined;
}

/** Stores a new enrolment (the secret shown or answered, the recovery codes shown once). */
export function rememberEnrolment(email: string, secret: string, recoveryCodes: string[], usedStep?: number) {
  const entries = load();
  entries[keyOf(email)] = {
    secret: secret.replace(/\s+/g, ''),
    recoveryCodes,
    usedSteps: usedStep === undefined ? [] : [usedStep],
  };
  save(entries);
}

/** Two-factor turned off: the e-mail signs in with its password alone again. */
export function forgetEnrolment(email: string): void {
  const entries = load();
  delete entries[keyOf(email)];
  save(entries);
}

export function setRecoveryCodes(email: string, recoveryCodes: string[]): void {
  update(email, (entry) => {
    entry.recoveryCodes = recoveryCodes;
  });
}

/** The time step (30 s) of a moment. */
export function stepAt(timestamp = Date.now()): number {
  return Math.floor(timestamp / PERIOD_MS);
}

/** The 6-digit code of a secret for a time step (RFC 6238: SHA-1, 6 digits, 30 s, as authenticator apps). */
export function codeFor(secret: string, step = stepAt()): string {
  return HOTP.generate({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), counter: step });
}

/** Records that a code was used (by a spec that typed it itself). */
/** A six-digit code the server refuses for `secret`: valid in none of the steps around now. */
export function wrongCode(secret: string): string {
  const now = stepAt();
  const valid = new Set([now - 1, now, now + 1].map((step) => codeFor(secret, step)));
  for (let n = 123456; ; n++) if (!valid.has(String(n))) return String(n);
}

export function markStepUsed(email: string, step: number): void {
  update(email, (entry) => {
    entry.usedSteps = [...entry.usedSteps, step].sort((a, b) => a - b).slice(-20);
  });
}

export type NextCode = { kind: 'app'; code: string; step: number } | { kind: 'recovery'; code: string };

/**
 * The next code to sign in with: an app code for a time step not used yet and later than every step used
 * (so it is valid whether the server keeps the used steps or only the last one), within the server's
 * window of one step either side; when none is left, a recovery code. The code is marked used.
 */
export function nextCode(email: string, timestamp = Date.now()): NextCode {
  const entry = entryOf(email);
  if (entry === undefined) throw new Error(`no two-factor secret stored for ${email}`);
  const step = freeStep(entry, timestamp);
  if (step !== undefined) {
    markStepUsed(email, step);
    return { kind: 'app', code: codeFor(entry.secret, step), step };
  }
  const [recovery, ...rest] = entry.recoveryCodes;
  if (recovery === undefined) throw new Error(`no two-factor code left for ${email}: wait for the next step`);
  setRecoveryCodes(email, rest);
  return { kind: 'recovery', code: recovery };
}

/** A time step whose code the server takes now and that is later than every step used, if any. */
function freeStep(entry: SecondFactorEntry, timestamp: number): number | undefined {
  const now = stepAt(timestamp);
  const intoStep = timestamp - now * PERIOD_MS;
  const lastUsed = Math.max(Number.NEGATIVE_INFINITY, ...entry.usedSteps);
  // The step before is still valid only if the request arrives within this step.
  const candidates = [...(intoStep < 25_000 ? [now - 1] : []), now, now + 1];
  return candidates.find((s) => s > lastUsed);
}

/**
 * The next code of the app itself (where only a 6-digit code is taken), waiting for the next time step
 * (at most 30 s) when the steps around now are used up. The code is marked used.
 */
export async function nextAppCode(email: string): Promise<string> {
  for (;;) {
    const entry = entryOf(email);
    if (entry === undefined) throw new Error(`no two-factor secret stored for ${email}`);
    const step = freeStep(entry, Date.now());
    if (step !== undefined) {
      markStepUsed(email, step);
      return codeFor(entry.secret, step);
    }
    await new Promise((resolve) => setTimeout(resolve, PERIOD_MS - (Date.now() % PERIOD_MS) + 200));
  }
}

const api = (p: string) => `/api/v1${p}`;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * The second factor of an API sign-in: enrols (an admin answered 'enrol': a new secret, confirmed with its
 * first code) or verifies (answered 'code') with the next code. 'ok' and an absent state need nothing.
 * Returns the session's token from then on: proving the second factor renews it (decision 0032).
 */
export async function completeSecondFactorApi(
  request: APIRequestContext,
  email: string,
  token: string,
  state: string | undefined,
): Promise<string> {
  if (state === 'enrol') return enrolApi(request, email, token);
  if (state !== 'code') return token;
  const renewed = await verifyApi(request, email, token);
  await renewRecoveryCodesIfFew(request, email, renewed);
  return renewed;
}

/**
 * Turns two-factor on through the API: a new secret, confirmed with its first code; the secret and recovery
 * codes are stored. A session that is 'ok' (a member turning it on) must give the password as well and keeps
 * its token; an 'enrol' session (an admin's first sign-in) gives none and gets a new token. The account's
 * other sessions end. Returns the session's token from then on.
 */
export async function enrolApi(
  request: APIRequestContext,
  email: string,
  token: string,
  password?: string,
): Promise<string> {
  const enrol = await request.post(api('/auth/2fa/enrol'), { headers: bearer(token) });
  expect(enrol.status(), await enrol.text()).toBe(200);
  const { secret } = (await enrol.json()) as { secret: string };
  const step = stepAt();
  const confirm = await request.post(api('/auth/2fa/confirm'), {
    headers: bearer(token),
    data:
      password === undefined ? { code: codeFor(secret, step) } : { code: codeFor(secret, step), password },
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
  const answer = (await confirm.json()) as { recovery_codes: string[]; token?: string };
  rememberEnrolment(email, secret, answer.recovery_codes, step);
  return answer.token ?? token;
}

/** Enters the next code; returns the session's new token. */
async function verifyApi(request: APIRequestContext, email: string, token: string): Promise<string> {
  let last = '';
  // A refused app code (a step the server saw used in a way not recorded here) moves on to the next one.
  for (let attempt = 0; attempt < 3; attempt++) {
    const next = nextCode(email);
    const res = await request.post(api('/auth/2fa/verify'), {
      headers: bearer(token),
      data: { code: next.code },
    });
    if (res.ok()) return ((await res.json()) as { token: string }).token;
    last = `${res.status()} ${await res.text()}`;
    if (next.kind === 'recovery' && res.status() !== 422) break;
  }
  throw new Error(`two-factor verify failed for ${email}: ${last}`);
}

/** Once few recovery codes are left, a new set is made (the old one stops working), with the next code. */
export async function renewRecoveryCodesIfFew(
  request: APIRequestContext,
  email: string,
  token: string,
): Promise<void> {
  const entry = entryOf(email);
  if (entry === undefined || entry.recoveryCodes.length >= FEW_RECOVERY_CODES) return;
  const next = nextCode(email);
  const res = await request.post(api('/auth/2fa/recovery-codes'), {
    headers: bearer(token),
    data: { code: next.code },
  });
  expect(res.status(), await res.text()).toBe(200);
  setRecoveryCodes(email, ((await res.json()) as { recovery_codes: string[] }).recovery_codes);
}

/** An API sign-in (member or admin) with its second factor done: the bearer token and the account. */
export async function signInWithSecondFactor(
  request: APIRequestContext,
  area: 'member' | 'admin',
  email: string,
  password: string,
): Promise<{ token: string; id: number; username: string }> {
  const res = await request.post(api(area === 'admin' ? '/auth/adminsignin' : '/auth/signin'), {
    data: { email, password },
  });
  if (!res.ok()) throw new Error(`${area} sign-in failed: ${res.status()} ${await res.text()}`);
  type Account = { id: number; token: string; username: string };
  const body = (await res.json()) as { auth?: Account; admin?: Account; second_factor?: string };
  const account = body.auth ?? body.admin;
  if (account === undefined) throw new Error('sign-in answered no account');
  const token = await completeSecondFactorApi(request, email, account.token, body.second_factor);
  return { token, id: account.id, username: account.username };
}
