import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { adminCallApproved } from './ApprovalPages';
import { apiGet, apiPost, apiSignIn } from './MoneyApi';
import { SignInPage } from './SignInPage';

/** Signs a member in through the sign-in page. */
export async function signInMember(page: Page, email: string, password: string) {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(email, password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

export async function signInAdmin(page: Page, email: string, password: string) {
  const signIn = new SignInPage(page, 'admin');
  await signIn.goto();
  await signIn.signIn(email, password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

interface PlanRow {
  id: number;
  name: string;
}

/** Gives a member a plan (if they hold none): the admin credits the deposit wallet, the member buys it. */
export async function ensurePlan(
  request: APIRequestContext,
  adminToken: string,
  member: { email: string; password: string },
  planName = 'Bronze',
  price = '100',
) {
  const m = await apiSignIn(request, 'member', member.email, member.password);
  const user = await apiGet<{ singleuser: { active_plan: string } }>(request, m.token, `/users/${m.id}`);
  if (user.singleuser.active_plan !== '0.00000000') return m;
  const plans = await apiGet<{ allplans: PlanRow[] }>(request, m.token, '/plans/list');
  const list = plans.allplans;
  const plan = list.find((p) => p.name === planName);
  // Approved by the second admin when the run's earlier credits put this admin past the solo limit (decision 0030).
  await adminCallApproved(request, adminToken, '/tr/create', {
    user_id: m.id,
    amount: price,
    direction: 'credit',
    wallet: 'deposit',
    reason: `e2e: money for a ${planName} plan`,
  });
  await apiPost(request, m.token, '/topup/add', { id: plan?.id ?? 1, userby_id: m.id, userto_id: m.id });
  return m;
}

/** /watch/adds */
export class WatchPage {
  readonly watchButton: Locator;
  readonly claimedButton: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.watchButton = page.getByRole('button', { name: "Watch Today's Video" });
    this.claimedButton = page.getByRole('button', { name: "You have already claimed today's reward" });
    this.dialog = page.getByRole('dialog', { name: "Today's video" });
  }

  async goto() {
    await this.page.goto('/watch/adds');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Watch and Earn' })).toBeVisible();
  }

  async watchAndClaim() {
    await this.watchButton.click();
    await expect(this.dialog).toBeVisible();
    await this.dialog.getByRole('button', { name: 'Start Watching' }).click();
    await expect(this.dialog.getByTestId('countdown')).toBeVisible();
    const claim = this.dialog.getByRole('button', { name: 'Claim Reward' });
    // The real 10-second countdown, once a video plays (the bundled one when the embed stays silent: decision 0055).
    await expect(claim).toBeVisible({ timeout: 30_000 });
    await expect(this.dialog.getByRole('button', { name: 'Watch Again' })).toBeVisible();
    await expect(this.dialog.getByRole('button', { name: 'Close' })).toBeVisible();
    await claim.click();
  }
}

/** /user/income */
export class IncomeScreen {
  constructor(readonly page: Page) {}

  async goto(tab?: 'details' | 'team') {
    await this.page.goto(tab ? `/user/income?tab=${tab}` : '/user/income');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Income' })).toBeVisible();
  }

  incomeCard(source: string) {
    return this.page.getByTestId(`income-${source}`);
  }

  async showType(label: string) {
    await this.page.getByRole('combobox', { name: 'Income type' }).click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  rows() {
    return this.page.locator('tbody tr');
  }
}
