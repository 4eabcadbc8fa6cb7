import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { uniqueMember } from '../fixtures';
import { adminCallApproved } from './ApprovalPages';
import { setIdentityLevel } from './IdentityLimits';
import { apiPost, apiSignIn } from './MoneyApi';

/** "0.00800000" -> "$0.008": a per-token price with the token's decimals (2 to 8), by text only. */
export function priceText(decimal: string): string {
  const [whole = '0', frac = ''] = decimal.split('.');
  const trimmed = frac.replace(/0+$/, '').padEnd(2, '0');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${trimmed}`;
}

export interface ApiMember {
  id: number;
  token: string;
  username: string;
  code: string;
  email: string;
  password: string;
}

/** Registers a member (under `sponsorCode` when given) and signs them in through the API. */
export async function memberViaApi(
  request: APIRequestContext,
  label: string,
  sponsorCode = '',
): Promise<ApiMember> {
  const m = uniqueMember(label);
  const res = await request.post('/api/v1/auth/register', {
    data: { ...m, confirmPassword: m.password, referralBy: sponsorCode },
  });
  expect(res.status(), await res.text()).toBe(201);
  const signedIn = await apiSignIn(request, 'member', m.email, m.password);
  const body = (await res.json()) as { auth: { refferal_code: string } };
  // Level 2 (no limits by default): a spec about another rule is not stopped by an identity limit (decision 0073).
  await setIdentityLevel(signedIn.id, 2);
  return { ...signedIn, code: body.auth.refferal_code, email: m.email, password: m.password };
}

/**
 * An admin's manual credit of a member wallet (a ledger adjustment). At or above the approval threshold it
 * waits for a second admin (decision 0024), who approves it here.
 */
export function creditViaApi(
  request: APIRequestContext,
  adminToken: string,
  userId: number,
  wallet: 'deposit' | 'working',
  amount: string,
) {
  return adminCallApproved(request, adminToken, '/tr/create', {
    user_id: userId,
    amount,
    direction: 'credit',
    wallet,
    reason: 'e2e: rough edges',
  });
}

/** The member buys a plan for themselves from the Business Balance. */
export async function buyPlanViaApi(request: APIRequestContext, member: ApiMember, planName: string) {
  const res = await request.get('/api/v1/plans/list');
  const plans = ((await res.json()) as { allplans: { id: number; name: string }[] }).allplans;
  const plan = plans.find((p) => p.name === planName);
  if (plan === undefined) throw new Error(`no plan ${planName}`);
  await apiPost(request, member.token, '/topup/add', {
    id: plan.id,
    userby_id: member.id,
    userto_id: member.id,
  });
}

/** The admin's ticket page: the one-step status buttons. */
export class AdminTicketStatus {
  readonly close: Locator;
  readonly reopen: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.close = page.getByRole('button', { name: 'Close ticket', exact: true });
    this.reopen = page.getByRole('button', { name: 'Reopen', exact: true });
    this.status = page.getByTestId('ticket-status');
  }

  async goto(id: number) {
    await this.page.goto(`/admin/ticket/${id}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Ticket' })).toBeVisible();
  }

  confirmDialog() {
    return this.page.getByRole('dialog', { name: 'Close this ticket?' });
  }
}
