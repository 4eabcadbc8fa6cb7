import { demoAdmin, expect, test } from './fixtures';
import { signInAdmin } from './pages/IncomeScreens';
import { apiGet, apiSignIn, usd } from './pages/MoneyApi';

interface Stats {
  members: { total: number; active: number; new_today: number };
  money: {
    deposits_total: string;
    pending_deposits: { count: number };
    pending_withdrawals: { count: number };
  };
  daily: unknown[];
}

test('the admin dashboard shows the platform figures, the pending queues and the 30-day charts', async ({
  page,
  request,
}) => {
  const admin = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);
  const stats = await apiGet<Stats>(request, admin.token, '/admin/stats');

  await signInAdmin(page, demoAdmin.email, demoAdmin.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  const value = (id: string) => page.getByTestId(id).getByTestId('value');
  await expect(value('stat-members')).toHaveText(String(stats.members.total));
  await expect(value('stat-active')).toHaveText(String(stats.members.active));
  await expect(value('stat-new-today')).toHaveText(String(stats.members.new_today));
  await expect(value('stat-money-in')).toHaveText(usd(stats.money.deposits_total));
  await expect(value('stat-pending-deposits')).toContainText(String(stats.money.pending_deposits.count));
  await expect(value('stat-pending-withdrawals')).toContainText(
    String(stats.money.pending_withdrawals.count),
  );
  for (const chart of ['deposits', 'withdrawals', 'income', 'registrations']) {
    await expect(page.getByTestId(`chart-${chart}`).locator('[data-day]')).toHaveCount(stats.daily.length);
  }

  await page.getByRole('link', { name: 'Review withdrawals' }).click();
  await expect(page).toHaveURL(/\/admin\/withdrawals$/);

  // In Spanish (chosen on this device), the same figures under translated labels (decision 0039).
  await page.evaluate(() => localStorage.setItem('sgx.locale', 'es'));
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de administración' })).toBeVisible();
  await expect(page.getByTestId('stat-members')).toContainText('Miembros');
  await expect(value('stat-members')).toHaveText(String(stats.members.total));
});
