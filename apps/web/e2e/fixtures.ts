import type { APIRequestContext } from '@playwright/test';

/** Demo accounts seeded on a fresh database. */
export const demoAdmin = { email: 'admin@example.com', password: 'Admin@12345' };
export const demoMember = { email: 'member@example.com', password: 'Member@12345', fullname: 'Demo Member' };

let counter = 0;

/** A member nobody has used before: unique per run and per call. */
export function uniqueMember(label = 'member') {
  counter += 1;
  const stamp = `${Date.now()}${counter}`;
  return {
    fullname: `E2E ${label} ${stamp.slice(-6)}`,
    email: `e2e.${label}.${stamp}@example.com`,
    phone: `+1555${stamp.slice(-7)}`,
    password: 'E2e-pass-1234',
  };
}

/** Registers a member through the API (for tests that are not about registration). */
export async function registerViaApi(request: APIRequestContext, label = 'member') {
  const member = uniqueMember(label);
  const res = await request.post('/api/v1/auth/register', {
    data: { ...member, confirmPassword: member.password, referralBy: '' },
  });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { auth: { id: number; username: string } };
  return { ...member, id: body.auth.id, username: body.auth.username };
}
