import { demoAdmin, demoMember, expect, test } from './fixtures';
import { AdminIncomePage, AdminReportsPage } from './pages/AdminReports';
import { ensurePlan, signInAdmin } from './pages/IncomeScreens';
import { addAmounts, apiGet, apiPost, apiSignIn, usd } from './pages/MoneyApi';

// team1 is a direct referral of member@example.com in the demo data.
const team1 = { email: 'team1@example.com', password: 'Lantern-Orbit-42' };

const incomeTypes = ['roi_income', 'level_month', 'direct_income', 'reward', 'salary', 'cto', 'reward_level'];

interface MatrixRow {
  month: string;
  source: string;
  total: string;
  count: number;
}

function previousMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

test('an admin reads income by type, exports it, runs salary and reaches the defaulters', async ({
  page,
  request,
}) => {
  const admin = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);
  // A top-up by team1 pays their sponsor (member@example.com) direct income.
  // The sponsor needs a plan of their own (a cap above 0), else the direct income is skipped.
  await ensurePlan(request, admin.token, demoMember);
  const t1 = await apiSignIn(request, 'member', team1.email, team1.password);
  const { allplans } = await apiGet<{ allplans: { id: number; name: string; price?: string }[] }>(
    request,
    t1.token,
    '/plans/list',
  );
  const plan = allplans.find((p) => p.name === 'Bronze') ?? allplans[0];
  if (plan === undefined) throw new Error('no plan');
  await apiPost(request, admin.token, '/tr/create', {
    user_id: t1.id,
    amount: '100',
    direction: 'credit',
    wallet: 'deposit',
    reason: 'e2e: money for a top-up',
  });
  const topup = await apiPost(request, t1.token, '/topup/add', {
    id: plan.id,
    userby_id: t1.id,
    userto_id: t1.id,
  });
  const { matrix } = await apiGet<{ matrix: MatrixRow[] }>(request, admin.token, '/tr/matrix');
  const direct = matrix.filter((r) => r.source === 'direct_income');
  expect(direct.length, JSON.stringify({ topup, matrix })).toBeGreaterThan(0);
  const directTotal = addAmounts(...direct.map((r) => r.total));

  await signInAdmin(page, demoAdmin.email, demoAdmin.password);
  const income = new AdminIncomePage(page);
  await income.goto();
  await expect(income.typeRow('Direct income')).toContainText(usd(directTotal));
  await expect(page.getByTestId('chart-income-months').locator('[data-day]')).toHaveCount(
    new Set(matrix.filter((r) => incomeTypes.includes(r.source)).map((r) => r.month)).size,
  );
  await expect(page.getByTestId('chart-income-daily').locator('[data-day]')).toHaveCount(30);

  await income.chooseType('Direct income');
  await income.showTopEarners();
  await expect(page.getByTestId('top-earners-coverage')).toContainText('Covers all');
  await expect(page.getByTestId('top-earners').getByRole('row').nth(1)).toContainText('$');

  const csv = await income.exportCsv();
  expect(csv.name).toMatch(/\.csv$/);
  const lines = csv.text.trim().split(/\r?\n/);
  expect(lines.length).toBeGreaterThan(1);
  expect(lines[0]).toContain('source');
  expect(lines.slice(1).every((l) => l.includes('direct_income'))).toBe(true);

  const reports = new AdminReportsPage(page);
  await reports.goto();
  const month = previousMonth();
  await reports.runSalary(month);
  await expect(page.getByTestId('salary-run-result')).toContainText(`Salary for ${month}`);
  await expect(page.getByTestId('salary-tiers').getByRole('row').nth(1)).toBeVisible();

  await reports.openTab('Defaulters');
  const { allnonusers } = await apiGet<{ allnonusers: { id: number; username: string }[] }>(
    request,
    admin.token,
    '/users/non/users',
  );
  const first = allnonusers[0];
  if (first === undefined) {
    await expect(reports.defaulters).toContainText('No defaulters');
    await expect(page.getByRole('button', { name: 'Send reward notice' })).toHaveCount(0);
  } else {
    const message = `E2E reward notice ${Date.now()}`;
    await reports.defaulters.getByRole('checkbox', { name: `Choose ${first.username}` }).check();
    await reports.defaulters.getByRole('textbox', { name: 'Reward notice' }).fill(message);
    await reports.defaulters.getByRole('button', { name: 'Send reward notice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send reward notice' });
    await expect(dialog).toContainText('1 member');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('reward-notices')).toContainText(message);
  }
});
