import type { APIRequestContext, Response } from '@playwright/test';
import { demoAdmin, expect, registerViaApi, test } from './fixtures';
import { AdminApprovalsPage, secondAdmin, secondAdminApiToken, waitingMessage } from './pages/ApprovalPages';
import { ensurePlan, signInAdmin } from './pages/IncomeScreens';
import { apiGet } from './pages/MoneyApi';
import { adminToken } from './pages/outbox';
import {
  RuleVersionsScreen,
  rulesCallApproved,
  ruleVersionsViaApi,
  shownChange,
  simulationDone,
} from './pages/RuleVersionsScreen';
import { pageOverflow, SCREENS } from './pages/solvencyScreens';

/**
 * Plan changes under approval and the rule versions (decision 0070): once a member holds a plan, an admin's edit of a
 * plan's daily ROI waits for a second admin (the form says what waits, with its values kept); the second admin
 * approves it on the approvals page, and the rule versions page shows the new version with what it changed, read on
 * a phone and on a laptop without the page scrolling sideways.
 */

interface PlanRow {
  id: number;
  name: string;
  ROI_day: string;
}

/** A plan of its own for the test, at 0.5% a day, held by a new member (so its economic edits wait). */
async function heldPlan(request: APIRequestContext, token: string, label: string) {
  const name = `E2E rules ${label} ${String(Date.now()).slice(-6)}`;
  await rulesCallApproved(request, token, '/plans/add', {
    name,
    monthly_price: '20',
    ROI_day: '0.5',
    Sponser_bonus: '5',
    plan_period: 365,
    description: 'e2e: a plan whose daily ROI changes',
    type: 'investment',
    active: true,
  });
  const { allplans } = await apiGet<{ allplans: PlanRow[] }>(request, token, '/plans/list');
  const plan = allplans.find((p) => p.name === name);
  if (plan === undefined) throw new Error(`the plan ${name} was not created`);
  const member = await registerViaApi(request, 'rules');
  // Funded by the second admin: the demo admin's solo limit for the day (decision 0030) is left to the specs that
  // test it (withdrawal-payout-method.spec.ts completes a withdrawal alone).
  await ensurePlan(request, await secondAdminApiToken(request), member, name, '20');
  return plan;
}

const isPlanPut = (id: number) => (r: Response) =>
  r.url().endsWith(`/api/v1/plans/${id}`) && r.request().method() === 'PUT';

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use({ viewport: screen.viewport });

    test(`an edit of a held plan's daily ROI waits for a second admin, then is a new rule version, on a ${screen.name}`, async ({
      page,
      request,
    }) => {
      // Two sign-ins in the browser and one through the API; each may wait for the next authenticator step (30 s).
      test.setTimeout(240_000);
      const phone = screen.name === 'phone';
      const token = await adminToken(request);
      const plan = await heldPlan(request, token, screen.name);

      // The first admin edits the plan's daily ROI (0.5 → 1) with a reason.
      await signInAdmin(page, demoAdmin.email, demoAdmin.password);
      await page.goto('/admin/plans');
      await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
      await page.getByRole('button', { name: `Edit ${plan.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edit ${plan.name}` });
      const roi = dialog.getByRole('textbox', { name: 'Daily ROI' });
      await roi.fill('1');
      const reason = dialog.getByRole('textbox', { name: 'Reason (optional)' });
      await expect(reason).toBeVisible();
      await reason.fill('e2e: the market rate moved');
      await dialog.getByRole('button', { name: 'Save plan' }).click();

      // A confirmation first: old → new, what waits for a second admin.
      const confirm = dialog.getByTestId('plan-confirm');
      await expect(confirm).toContainText('Confirm the change of the rules');
      const waits = confirm.getByTestId('plan-confirm-waits');
      await expect(waits.locator('[data-field="ROI_day"]')).toContainText(/Daily ROI\s*0\.5%\s*1%/);
      await expect(confirm).toContainText('Reason: e2e: the market rate moved');
      await confirm.getByRole('button', { name: 'Send for approval' }).click();
      // Before it is sent, the change replayed over the last 90 days of real claims (decision 0069).
      const preview = page.getByRole('dialog', { name: 'What this change would have paid' });
      await expect(preview.getByTestId('simulation-panel')).toHaveAttribute('data-status', 'done', {
        timeout: 60_000,
      });
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      const answered = page.waitForResponse(isPlanPut(plan.id));
      await preview.getByRole('button', { name: 'Ask for approval' }).click();
      const res = await answered;
      expect(res.status(), `PUT /plans/${plan.id} answered: ${await res.text()}`).toBe(202);
      const { approval } = (await res.json()) as { approval: { id: number; kind: string } };
      expect(approval.kind).toBe('plan');

      // The waiting notice, what waits and what applied; the form keeps the values typed.
      await expect(dialog.getByTestId('approval-pending')).toContainText(waitingMessage);
      await expect(dialog.getByRole('link', { name: 'Approvals' })).toHaveAttribute(
        'href',
        '/admin/approvals',
      );
      await expect(dialog.getByTestId('plan-kept-waiting')).toContainText(/Daily ROI\s*0\.5%\s*1%/);
      await expect(dialog.getByTestId('plan-kept-applied-title')).toContainText('nothing was applied yet');
      // The requester sees the approval's own simulation, as the approver will.
      await expect(dialog.getByTestId('approval-simulation')).toBeVisible();
      await expect(roi).toHaveValue('1');
      await expect(roi).toBeDisabled();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(dialog).toBeHidden();
      // The plan is unchanged until approved, and its change is listed beside the plans as waiting.
      await expect(page.getByTestId('plans-pending')).toContainText(`Change the plan ${plan.name}`);

      // A second admin approves it on the approvals page (its kind reads "Plan"), once its simulation is done.
      await simulationDone(request, approval.id);
      const other = await page.context().browser()?.newContext({ viewport: screen.viewport });
      if (other === undefined) throw new Error('no browser');
      try {
        const second = await other.newPage();
        await signInAdmin(second, secondAdmin.email, secondAdmin.password);
        const approvals = new AdminApprovalsPage(second);
        await approvals.goto();
        await approvals.approve(approval.id, ['Plan', 'e2e: the market rate moved']);
      } finally {
        await other.close();
      }

      // The new version, as the API answers it: the approval's, with the daily ROI's change.
      const versions = await ruleVersionsViaApi(request, token);
      const version = versions.find((v) => v.approval_id === approval.id);
      expect(version, JSON.stringify(versions.slice(0, 3))).toBeDefined();
      if (version === undefined) return;
      expect(version).toMatchObject({ cause: 'plan', until: null, reason: 'e2e: the market rate moved' });
      // The field in the API's words: the plan by its number and name, then the field's label.
      const roiChange = version.changes.find(
        (c) => c.field === `Plan ${plan.id} (${plan.name}): Daily ROI %`,
      );
      expect(roiChange, JSON.stringify(version.changes)).toBeDefined();
      expect(Number(roiChange?.from)).toBe(0.5);
      expect(Number(roiChange?.to)).toBe(1);

      // The first admin reads it on the rule versions page (from the plans page's link).
      await page.goto('/admin/plans');
      await page.getByRole('link', { name: 'History of rules' }).click();
      const rules = new RuleVersionsScreen(page, phone);
      await rules.expectShown();
      const row = rules.row(version.version);
      await expect(row).toBeVisible();
      for (const c of version.changes) await expect(row).toContainText(shownChange(c));
      await expect(row).toContainText('In force now');
      await expect(row).toContainText('Plan changed');
      await expect(row).toContainText('e2e: the market rate moved');
      await expect(row).toContainText(`#${approval.id}`);
      // The newest first.
      await expect(
        rules.list.getByRole('button', { name: /^Show the rules of version/ }).first(),
      ).toHaveAccessibleName(`Show the rules of version ${version.version}`);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

      // Its full rule set: the plan at its new daily ROI, and the settings.
      const set = await rules.open(version.version);
      const plans = set.getByTestId('rule-plans');
      const planLine = phone
        ? plans.getByRole('listitem').filter({ hasText: plan.name })
        : plans.locator('tbody tr').filter({ hasText: plan.name });
      await expect(planLine).toContainText('1%');
      await expect(set.getByTestId('rule-settings')).toContainText('Level 1 income');
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await page.keyboard.press('Escape');
      await expect(set).toBeHidden();
      await expect(page).toHaveURL(/\/admin\/rule-versions$/);
    });
  });
}

test('the settings page links to the history of rules', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAdmin(page, demoAdmin.email, demoAdmin.password);
  await page.goto('/admin/settings');
  await page.getByRole('link', { name: 'History of rules' }).click();
  await new RuleVersionsScreen(page, false).expectShown();
  await expect(page.getByTestId('rule-versions').or(page.getByTestId('rule-versions-empty'))).toBeVisible();
});
