import { randomBytes } from 'node:crypto';
import type { App, Deps } from '../src/app';
import { hashPassword } from '../src/modules/auth/passwords';
import { addToUplineTeams } from '../src/modules/members/members.repo';

export const DEFAULT_PASSWORD = 'Quiet-Meadow-Lamp-71';
let cachedHash: Promise<string> | undefined;

export type Built = { id: bigint; email: string; password: string; code: string };

async function build(
  deps: Deps,
  role: 'user' | 'admin',
  opts: { sponsorId?: bigint | null; email?: string } = {},
): Promise<Built> {
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
    return id;
  });
  const row = await deps.db
    .selectFrom('users')
    .select('refferal_code')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, email, password: DEFAULT_PASSWORD, code: row.refferal_code };
}

export const buildMember = (deps: Deps, opts?: { sponsorId?: bigint | null; email?: string }) =>
  build(deps, 'user', opts);
export const buildAdmin = (deps: Deps) => build(deps, 'admin');

/** Signs in through the API and returns the bearer token. */
export async function tokenFor(app: App, who: Built, kind: 'user' | 'admin' = 'user'): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: kind === 'admin' ? '/api/v1/auth/adminsignin' : '/api/v1/auth/signin',
    payload: { email: who.email, password: who.password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return (kind === 'admin' ? body.admin : body.auth).token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
