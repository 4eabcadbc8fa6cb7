import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { type ApiAnswer, api, describe, field, sleep } from './app-api';
import { freeSteps, stepAt, TOTP_PERIOD_MS, totpCode } from './totp';

/**
 * The demo admins' sign-in for `npm run chain:dev`, second factor included (admins must have two-factor
 * sign-in, decision 0023): an admin without it is enrolled here (the secret kept in the app's data folder,
 * mode 0600, and printed with its recovery codes so the person can add the same account to an
 * authenticator app); an admin with it signs in with a code from the kept secret, or else one typed on the
 * terminal. Only for an app on this machine: against any other the caller passes `store: undefined`.
 */
export const STORE_FILE = 'dev-second-factor.json';

export type StoredFactor = {
  secret: string;
  otpauth_url: string;
  recovery_codes: string[];
  /** The last 30-second step whose code was used (the server takes each step once). */
  last_step?: number;
};
type Store = Record<string, StoredFactor>;

const keyOf = (email: string) => email.trim().toLowerCase();

export function loadStore(file: string): Store {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Store;
  } catch {
    return {};
  }
}

/** Writes the store readable by its owner only (0600), replacing the file at once. */
export function saveEntry(file: string, email: string, entry: StoredFactor): void {
  const store = loadStore(file);
  store[keyOf(email)] = entry;
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(store, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

export type AdminLogin = { email: string; password: string };
export type SignInContext = {
  base: URL;
  /** The secrets file in the app's data folder; undefined: the app is not on this machine, keep nothing. */
  store: string | undefined;
  log: (line: string) => void;
  /** Whether a person can type a code (stdin is a terminal). */
  interactive: boolean;
};
/** Signed in (`how`: the second factor it took), or why not and what the person can do. */
export type SignedIn =
  | { ok: true; token: string; how: string }
  | { ok: false; why: string; guidance: string[] };

/** The session token after the second factor: a new one when the answer carries it, else the same. */
const tokenAfter = (answer: ApiAnswer, token: string): string => {
  const fresh = field(answer.body, 'token');
  return typeof fresh === 'string' && fresh.length > 0 ? fresh : token;
};

/** Signs an admin in and completes the second factor the way the API asks ('ok', 'enrol' or 'code'). */
export async function signInAdmin(who: AdminLogin, ctx: SignInContext): Promise<SignedIn> {
  const signIn = await api(ctx.base, 'POST', '/auth/adminsignin', undefined, who);
  const token = field(field(signIn.body, 'admin'), 'token');
  if (!signIn.ok || typeof token !== 'string') {
    const notDemo =
      signIn.status === 401 || signIn.status === 400
        ? [
            'An app without the demo seed (production mode)? Name its admins with --admin-email/--admin-password',
            'and --admin2-email/--admin2-password.',
          ]
        : [];
    return { ok: false, why: `admin sign-in as ${who.email} failed: ${describe(signIn)}`, guidance: notDemo };
  }
  const state = field(signIn.body, 'second_factor') ?? 'ok';
  if (state === 'ok') return { ok: true, token, how: 'no code asked' };
  if (state === 'enrol') return enrol(who, token, ctx);
  if (state === 'code') return verify(who, token, ctx);
  return {
    ok: false,
    why: `admin sign-in as ${who.email}: unknown second_factor ${String(state)}`,
    guidance: [],
  };
}

async function enrol(who: AdminLogin, token: string, ctx: SignInContext): Promise<SignedIn> {
  if (ctx.store === undefined) {
    return {
      ok: false,
      why: `${who.email} has no two-factor sign-in yet, and chain:dev sets it up only for an app on this machine`,
      guidance: [
        `Sign in at ${new URL('admin-login', ctx.base)} and set up two-factor sign-in there, then run`,
        'chain:dev again in a terminal: it asks for a code from your authenticator app.',
      ],
    };
  }
  const started = await api(ctx.base, 'POST', '/auth/2fa/enrol', token);
  const secret = field(started.body, 'secret');
  const url = field(started.body, 'otpauth_url');
  if (!started.ok || typeof secret !== 'string' || typeof url !== 'string') {
    return { ok: false, why: `two-factor set-up of ${who.email} failed: ${describe(started)}`, guidance: [] };
  }
  // Not in a step's last second: the code is checked in the step it was made for (or the one after).
  if (TOTP_PERIOD_MS - (Date.now() % TOTP_PERIOD_MS) < 1_000) await sleep(1_100);
  const step = stepAt();
  const confirmed = await api(ctx.base, 'POST', '/auth/2fa/confirm', token, { code: totpCode(secret, step) });
  const codes = field(confirmed.body, 'recovery_codes');
  if (!confirmed.ok || !Array.isArray(codes)) {
    return {
      ok: false,
      why: `two-factor set-up of ${who.email} failed: ${describe(confirmed)}`,
      guidance: [],
    };
  }
  const recovery = codes.filter((c): c is string => typeof c === 'string');
  saveEntry(ctx.store, who.email, { secret, otpauth_url: url, recovery_codes: recovery, last_step: step });
  ctx.log(
    [
      `✓ two-factor sign-in set up for ${who.email} (admins must have it); kept in ${ctx.store} (mode 0600)`,
      '   To sign in as this admin in the browser, add the same account to your authenticator app:',
      `     secret       ${secret}`,
      `     otpauth URI  ${url}`,
      `   Recovery codes (each works once): ${recovery.join(' ')}`,
      `   In the browser: ${new URL('admin-login', ctx.base)}, the password, then the code your app shows.`,
    ].join('\n'),
  );
  return { ok: true, token: tokenAfter(confirmed, token), how: 'two-factor set up now' };
}

async function verify(who: AdminLogin, token: string, ctx: SignInContext): Promise<SignedIn> {
  const kept = ctx.store === undefined ? undefined : loadStore(ctx.store)[keyOf(who.email)];
  if (kept !== undefined && ctx.store !== undefined) {
    const done = await verifyWithKept(who, token, kept, ctx.store, ctx);
    if (done !== undefined) return done;
    ctx.log(`✗ the two-factor secret kept in ${ctx.store} for ${who.email} is no longer valid`);
  }
  if (ctx.interactive) return verifyTyped(who, token, ctx);
  const where = ctx.store === undefined ? '' : ` (it keeps the ones it sets up in ${ctx.store})`;
  return {
    ok: false,
    why: `${who.email} has two-factor sign-in on and chain:dev does not know its secret${where}`,
    guidance: [
      'Run `npm run chain:dev` in a terminal: it asks for the 6-digit code from your authenticator app.',
    ],
  };
}

/** Up to two codes from the kept secret (waiting for the next step when the ones around now are used). */
async function verifyWithKept(
  who: AdminLogin,
  token: string,
  kept: StoredFactor,
  file: string,
  ctx: SignInContext,
): Promise<SignedIn | undefined> {
  let last = kept.last_step;
  for (let attempt = 0; attempt < 2; attempt++) {
    let step = freeSteps(last)[0];
    while (step === undefined) {
      ctx.log(`… ${who.email}: this 30-second code was used already; waiting for the next one`);
      await sleep(TOTP_PERIOD_MS - (Date.now() % TOTP_PERIOD_MS) + 200);
      step = freeSteps(last)[0];
    }
    const answer = await api(ctx.base, 'POST', '/auth/2fa/verify', token, {
      code: totpCode(kept.secret, step),
    });
    last = step;
    saveEntry(file, who.email, { ...kept, last_step: step });
    if (answer.ok) {
      return { ok: true, token: tokenAfter(answer, token), how: `a code from the secret kept in ${file}` };
    }
    if (answer.status !== 422) {
      return { ok: false, why: `two-factor code of ${who.email} refused: ${describe(answer)}`, guidance: [] };
    }
  }
  return undefined;
}

/** Asks the person for a code on the terminal (three tries). */
async function verifyTyped(who: AdminLogin, token: string, ctx: SignInContext): Promise<SignedIn> {
  // The prompt goes to stderr: with --json, stdout carries only the JSON line.
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  // Ctrl-C at the prompt stops chain:dev as anywhere else.
  rl.on('SIGINT', () => process.kill(process.pid, 'SIGINT'));
  try {
    let why = '';
    for (let attempt = 0; attempt < 3; attempt++) {
      const code = (
        await rl.question(
          `${who.email} has two-factor sign-in on: enter the 6-digit code from your app (or a recovery code): `,
        )
      ).trim();
      const answer = await api(ctx.base, 'POST', '/auth/2fa/verify', token, { code });
      if (answer.ok) return { ok: true, token: tokenAfter(answer, token), how: 'the code you typed' };
      why = describe(answer);
      ctx.log(`✗ ${why}`);
      if (answer.status === 429) break;
    }
    return { ok: false, why: `two-factor code of ${who.email} refused: ${why}`, guidance: [] };
  } finally {
    rl.close();
  }
}
