import type { APIRequestContext } from '@playwright/test';
import { demoAdmin } from '../fixtures';
import { adminCallApproved } from './ApprovalPages';
import { signInWithSecondFactor } from './secondFactor';

/** Calls the e2e specs make through the API to set the scene (not what the specs are about). */
async function adminToken(request: APIRequestContext): Promise<string> {
  // With its second factor (decision 0023): enrolled at the admin's first sign-in of the run, a code after.
  const { token } = await signInWithSecondFactor(request, 'admin', demoAdmin.email, demoAdmin.password);
  return token;
}

/** Credits a member's deposit wallet, as an admin's manual transaction. */
export async function fundMember(request: APIRequestContext, userId: number, amount = '100') {
  // Approved by the second admin when the run's earlier credits put the demo admin past the solo limit (decision 0030).
  await adminCallApproved(request, await adminToken(request), '/tr/create', {
    user_id: userId,
    amount,
    direction: 'credit',
    wallet: 'deposit',
    reason: 'e2e funding',
  });
}

export async function currentPrice(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/v1/social-genx/price/1');
  if (!res.ok()) throw new Error(`price failed: ${res.status()}`);
  return ((await res.json()) as { current_price: string }).current_price;
}

/** Sets the token price as the admin, approved by the second admin (decision 0029; the 50% bound applies). */
export async function setPrice(request: APIRequestContext, price: string, reason: string) {
  const token = await adminToken(request);
  await adminCallApproved(
    request,
    token,
    '/social-genx/config',
    { token_id: 1, current_price: price, reason },
    'PUT',
  );
}

/** Signs a member in through the API and trades for them (for specs about the admin's view). */
export async function tradeAs(
  request: APIRequestContext,
  member: { email: string; password: string; id: number },
  side: 'buy' | 'sell',
  amount: string,
) {
  const signIn = await request.post('/api/v1/auth/signin', {
    data: { email: member.email, password: member.password },
  });
  if (!signIn.ok()) throw new Error(`member sign-in failed: ${signIn.status()}`);
  const { auth } = (await signIn.json()) as { auth: { token: string } };
  const res = await request.post(`/api/v1/social-genx/${side}`, {
    headers: { Authorization: `Bearer ${auth.token}` },
    data: { token_id: 1, amount, user_id: member.id },
  });
  if (!res.ok()) throw new Error(`${side} failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { transaction: { id: number; transaction_hash: string } }).transaction;
}
