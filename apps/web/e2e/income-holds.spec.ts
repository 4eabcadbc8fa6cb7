import { expect, test } from './fixtures';
import { secondAdminApiToken } from './pages/ApprovalPages';
import {
  FlagsAdmin,
  HeldIncomeAdmin,
  makeHoldsDue,
  PendingIncomeCard,
  pendingOf,
  setHoldDays,
} from './pages/HeldIncomeScreens';
import { signInAdmin, signInMember } from './pages/IncomeScreens';
import { apiGet, usd, walletOf } from './pages/MoneyApi';
import { buyPlanViaApi, creditViaApi, memberViaApi } from './pages/RoughEdges';
import { runServerJob } from './pages/serverJobs';

/**
 * Income held before it is paid (decision 0076), on a phone: direct income held for its days is shown as
 * pending with its release date and paid by the daily job; a flagged member's income is held for review, and
 * compliance reverses it with a reason the member then sees in their transactions.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** A sponsor with a plan, and a new member under them who buys a plan: the sponsor's direct income. */
async function sponsorWithDirectIncome(request: Parameters<typeof memberViaApi>[0], label: string) {
  // Funded by the second admin: the demo admin's solo limit for the day (decision 0030) is left to the specs that test it.
  const admin = await secondAdminApiToken(request);
  const sponsor = await memberViaApi(request, `${label}-sponsor`);
  await creditViaApi(request, admin, sponsor.id, 'deposit', '100');
  await buyPlanViaApi(request, sponsor, 'Bronze');
  const direct = await memberViaApi(request, `${label}-direct`, sponsor.code);
  await creditViaApi(request, admin, direct.id, 'deposit', '100');
  await buyPlanViaApi(request, direct, 'Bronze');
  return sponsor;
}

test.afterEach(async ({ request }) => setHoldDays(request, {}));

test('direct income held for its days is pending with its date, and the daily job pays it', async ({
  page,
  request,
}) => {
  await setHoldDays(request, { direct_income: 7 });
  const sponsor = await sponsorWithDirectIncome(request, 'hold');
  const pending = await pendingOf(request, sponsor.token);
  expect(pending.holds).toHaveLength(1);
  const [hold] = pending.holds;
  expect(hold?.income_type).toBe('direct_income');
  expect(Date.parse(hold?.release_at ?? '') - Date.parse(hold?.earned_at ?? '')).toBe(7 * 86_400_000);
  expect((await walletOf(request, sponsor.token, sponsor.id)).working).toBe('0.00000000');

  await signInMember(page, sponsor.email, sponsor.password);
  await page.goto('/user/income');
  const card = new PendingIncomeCard(page);
  await card.expectShown(['Pending', 'Direct income', 'Paid on', usd(pending.total)]);

  // Its days gone by, the daily job pays it into the working wallet, once.
  expect(await makeHoldsDue(sponsor.id)).toBe(1);
  await runServerJob('income-holds-daily');
  await runServerJob('income-holds-daily');
  expect(await pendingOf(request, sponsor.token)).toEqual({ total: '0.00000000', holds: [] });
  expect((await walletOf(request, sponsor.token, sponsor.id)).working).toBe(hold?.amount);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Income' })).toBeVisible();
  await expect(card.card).toHaveCount(0);
});

test('a flagged member’s income is held for review and reversed by compliance with a reason the member sees', async ({
  page,
  request,
  browser,
}) => {
  // Funded by the second admin: the demo admin's solo limit for the day (decision 0030) is left to the specs that test it.
  const admin = await secondAdminApiToken(request);
  const sponsor = await memberViaApi(request, 'flagged-sponsor');
  await creditViaApi(request, admin, sponsor.id, 'deposit', '100');
  await buyPlanViaApi(request, sponsor, 'Bronze');

  // The demo compliance officer (not an owner: the decisions are in their role) flags the member on the flags page.
  const adminPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInAdmin(adminPage, 'compliance@example.com', 'Copper-Willow-58');
  const flags = new FlagsAdmin(adminPage);
  await flags.goto();
  await flags.raise(sponsor.username, 'Source of funds under review');

  // Their direct income is held with no date.
  const direct = await memberViaApi(request, 'flagged-direct', sponsor.code);
  await creditViaApi(request, admin, direct.id, 'deposit', '100');
  await buyPlanViaApi(request, direct, 'Bronze');
  const pending = await pendingOf(request, sponsor.token);
  expect(pending.holds).toHaveLength(1);
  const [hold] = pending.holds;
  expect(hold?.release_at).toBeNull();

  await signInMember(page, sponsor.email, sponsor.password);
  await page.goto('/user/income');
  await new PendingIncomeCard(page).expectShown(['Held for review', usd(pending.total)]);

  // Compliance reverses it, with a reason.
  const held = new HeldIncomeAdmin(adminPage);
  await held.goto();
  await expect(held.section).toContainText(sponsor.username);
  await held.reverse(hold?.id ?? 0, 'Income from an unverified source');
  await adminPage.context().close();

  // The member sees the reversal and its reason; nothing is pending.
  expect((await pendingOf(request, sponsor.token)).total).toBe('0.00000000');
  const txs = await apiGet<{ transactions: { source: string; memo: string | null }[] }>(
    request,
    sponsor.token,
    `/tr/user/${sponsor.id}?source=income_reversal`,
  );
  expect(txs.transactions.map((t) => t.memo)).toEqual([
    'direct income reversed: Income from an unverified source',
  ]);
  await page.goto('/transactions/income_reversal');
  await expect(
    page.getByText('direct income reversed: Income from an unverified source').first(),
  ).toBeVisible();
});
