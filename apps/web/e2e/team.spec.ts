import { demoMember, expect, test } from './fixtures';
import { signInMember } from './pages/IncomeScreens';

test('direct members: the demo team, searched on the server', async ({ page }) => {
  await signInMember(page, demoMember.email, demoMember.password);
  await page.goto('/user/direct-members');
  await expect(page.getByRole('heading', { level: 1, name: 'Direct Members' })).toBeVisible();
  const rows = page.locator('tbody tr');
  // The demo's month (decision 0022): Asha, Ben and Chen, then Ivan and Kofi who joined later.
  await expect(rows).toHaveCount(5);
  await expect(page.getByTestId('list-total')).toHaveText('5 direct members');
  await page.getByRole('textbox', { name: 'Search direct members' }).fill('Chen');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Chen Li');
});

test('referral tree: a member opens on demand to show the level below', async ({ page }) => {
  await signInMember(page, demoMember.email, demoMember.password);
  await page.goto('/user/refferral-tree');
  await expect(page.getByRole('heading', { level: 1, name: 'Referral Tree' })).toBeVisible();
  await expect(page.getByText('Asha Rao')).toBeVisible();
  await expect(page.getByText('Dana Smith')).toHaveCount(0);
  // Asha's own node (the innermost around her name): Ben and Chen have teams of their own too.
  const asha = page.getByText('Asha Rao').locator('xpath=ancestor::*[@data-testid="tree-node"][1]');
  await asha.getByRole('button', { name: /^Expand / }).click();
  await expect(page.getByText('Dana Smith')).toBeVisible();
  await expect(page.getByText('Eli Cohen')).toBeVisible();
  await expect(
    page.getByText('Asha Rao').locator('xpath=ancestor::*[@data-testid="tree-node"][1]'),
  ).toContainText('level 1');
});
