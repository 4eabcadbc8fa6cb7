import { demoAdmin, expect, test } from './fixtures';
import { approveAsSecondAdmin, expectWaitingIn } from './pages/ApprovalPages';
import { apiGet, apiSignIn } from './pages/MoneyApi';
import { SignInPage } from './pages/SignInPage';

/**
 * Decision 0024, codes: issuing codes worth the threshold (1,000 USD) or more in all waits for a second
 * admin. The codes page says so and shows no codes; once the second admin approves, the batch exists.
 */
test('issuing codes worth the threshold waits for a second admin', async ({ page, request }) => {
  const signIn = new SignInPage(page, 'admin');
  await signIn.goto();
  await signIn.signIn(demoAdmin.email, demoAdmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const admin = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);
  // A value of its own for this run: 2 x $600.xx is over $1,000 in all.
  const cents = String(10 + Math.floor(Math.random() * 90));
  const value = `600.${cents}`;
  const units = `${value}000000`;

  await page.goto('/admin/codes');
  const form = page.getByRole('form', { name: 'Issue codes' });
  await form.getByRole('textbox', { name: 'How many' }).fill('2');
  await form.getByRole('textbox', { name: 'Value of each' }).fill(value);
  await form.getByRole('button', { name: 'Issue codes' }).click();
  await page
    .getByRole('dialog', { name: 'Issue codes' })
    .getByRole('button', { name: 'Issue', exact: true })
    .click();
  await expectWaitingIn(page, 'Issue codes');
  await expect(page.getByTestId('issued-codes')).toHaveCount(0);

  type Listed = { codes: { amount: string }[] };
  const ofValue = async () =>
    (await apiGet<Listed>(request, admin.token, '/codes?limit=50')).codes.filter((c) => c.amount === units);
  expect(await ofValue()).toHaveLength(0);

  const pending = await apiGet<{ approvals: { id: number; kind: string; summary: string }[] }>(
    request,
    admin.token,
    '/admin/approvals?status=pending&limit=50',
  );
  const approval = pending.approvals.find((a) => a.kind === 'codes' && a.summary.includes(`$${value} each`));
  expect(approval, JSON.stringify(pending.approvals)).toBeDefined();
  expect((await approveAsSecondAdmin(request, approval?.id ?? 0)).approval.status).toBe('approved');
  expect(await ofValue()).toHaveLength(2);
});
