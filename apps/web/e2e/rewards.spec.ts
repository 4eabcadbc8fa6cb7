import type { Page } from '@playwright/test';
import { demoAdmin, expect, test } from './fixtures';
import { ensurePlan, signInMember } from './pages/IncomeScreens';
import { apiPost, apiSignIn } from './pages/MoneyApi';

const team2 = { email: 'team2@example.com', password: 'Lantern-Orbit-42' };
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('a member starts the first rank, carries it forward, and claims a daily bonus', async ({
  page,
  request,
}) => {
  const admin = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);
  const stamp = Date.now().toString().slice(-6);
  for (const [rank, title] of [
    [1, `Star ${stamp}`],
    [2, `Gold ${stamp}`],
  ] as const) {
    await apiPost(request, admin.token, '/rewards', {
      rank,
      title,
      description: 'e2e rank',
      threshold: '1000',
      duration_days: 30,
      reward: '50',
    });
  }
  // A bonus is paid to a member with a plan.
  await ensurePlan(request, admin.token, team2);
  await apiPost(request, admin.token, '/bonus', { bonus_type: `daily${stamp}`, amount: '1' });

  await signInMember(page, team2.email, team2.password);
  await page.goto('/user/rewards');
  await expect(page.getByRole('heading', { level: 1, name: 'Rewards' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reward ranks' })).toContainText(`Gold ${stamp}`);
  await page.getByRole('button', { name: 'Initialize' }).click();
  const current = page.getByTestId('current-rank');
  await expect(current).toContainText(`Star ${stamp}`);
  await expect(current.getByRole('button', { name: 'Claim' })).toBeDisabled();

  await current.getByRole('button', { name: 'Carry forward' }).click();
  await page
    .getByRole('dialog', { name: 'Please confirm' })
    .getByRole('button', { name: 'Carry forward' })
    .click();
  await expect(toast(page, 'Carry forword successfull')).toBeVisible();
  await expect(current).toContainText(`Gold ${stamp}`);
  await expect(page.getByRole('region', { name: 'History' })).toContainText(`Star ${stamp}`);

  await page.getByRole('button', { name: `Claim daily${stamp}` }).click();
  await expect(toast(page, 'Bonus has been claimed')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Daily bonuses' })).toContainText('claimed today');
});
