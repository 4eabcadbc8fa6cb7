import type { Locator, Page } from '@playwright/test';
import { demoAdmin, expect, test } from './fixtures';
import { AdminApprovalsPage, type PendingApproval, secondAdmin } from './pages/ApprovalPages';
import { signInAdmin } from './pages/IncomeScreens';
import { apiGet } from './pages/MoneyApi';
import { adminToken, putSettings } from './pages/outbox';
import { SettingsModel } from './pages/SettingsModel';
import { pageOverflow, SCREENS } from './pages/solvencyScreens';

/**
 * The plan-change simulation in the back-office (decision 0069): an admin changes the level 1 percent; before it
 * is asked for, the confirmation previews it over the demo's month of real claims and shows the result; once asked,
 * the waiting dialog shows the approval's own simulation. A second admin opens the request on the approvals page,
 * reads the same simulation and may approve only once it is done. On a phone and on a laptop, without the page
 * scrolling sideways.
 */

interface SettingsBody {
  settings: { levelPercents: string[] };
}

/** Waits for a simulation panel's run to be done and checks the figures it shows, each with its sentence. */
async function expectDoneResult(panel: Locator) {
  await expect(panel).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(panel.getByTestId('simulation-total-current')).toContainText('Under the current rules');
  await expect(panel.getByTestId('simulation-total-proposed')).toContainText('$');
  await expect(panel.getByTestId('simulation-total-change')).toContainText('Proposed minus current');
  await expect(panel.getByTestId('simulation-fidelity')).toContainText(/Replay (matches|differs)/);
  await expect(panel.getByTestId('simulation-kinds')).toContainText('Level income');
  await expect(panel.getByTestId('simulation-carried').first()).toHaveText('carried as observed');
  await expect(panel.getByTestId('simulation-cap')).toContainText('proposed');
  await expect(panel.getByTestId('simulation-runway')).toContainText('Runway');
}

/** A percent one higher than `now` ("10.00000000" -> "11"), so the change moves the level income. */
const raised = (now: string) => String(Number.parseFloat(now) + 1);

async function noSidewaysScroll(page: Page) {
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
}

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use({ viewport: screen.viewport });

    test(`a level percent change is simulated before asking and approved once its simulation is done, on a ${screen.name}`, async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const token = await adminToken(request);
      const before = (await apiGet<SettingsBody>(request, token, '/settings')).settings.levelPercents;
      const level1 = before[0] ?? '0';
      const proposed = raised(level1);
      try {
        await signInAdmin(page, demoAdmin.email, demoAdmin.password);
        const settings = new SettingsModel(page);
        await settings.goto();
        await settings.field('Level 1 percent').fill(proposed);
        await settings.review.click();
        await expect(settings.change('Level 1 income')).toContainText(`${proposed}%`);
        await settings.dialog.getByRole('textbox', { name: 'Reason' }).fill('e2e: a richer first level');
        await settings.dialog.getByRole('button', { name: 'Save settings' }).click();

        // The preview runs first: the change is not sent until it is asked for.
        const preview = settings.preview;
        await expect(preview).toBeVisible();
        await expect(preview).toContainText('Before the change goes to a second admin');
        const ask = preview.getByRole('button', { name: 'Ask for approval' });
        const panel = preview.getByTestId('simulation-panel');
        await expect(panel).toBeVisible();
        await expectDoneResult(panel);
        await expect(ask).toBeEnabled();
        await noSidewaysScroll(page);

        const answer = page.waitForResponse(
          (r) => new URL(r.url()).pathname === '/api/v1/settings' && r.request().method() === 'PUT',
        );
        await ask.click();
        const res = await answer;
        expect(res.status()).toBe(202);
        const { approval } = (await res.json()) as PendingApproval;
        expect(approval.kind).toBe('settings');
        await expect(preview).toBeHidden();

        // Waiting for a second admin: the requester sees the approval's own simulation, as the approver will.
        await expect(settings.dialog.getByTestId('approval-pending')).toBeVisible();
        const own = settings.dialog.getByTestId('approval-simulation');
        await expect(own).toContainText('Simulation of this change');
        await expectDoneResult(own.getByTestId('simulation-panel'));
        await noSidewaysScroll(page);
        await settings.dialog.getByRole('button', { name: 'Close', exact: true }).click();
        await expect(settings.dialog).toBeHidden();
        // Cancelled nowhere, applied nowhere yet: the form shows the settings in force.
        await expect(settings.field('Level 1 percent')).toHaveValue(String(Number.parseFloat(level1)));

        // The second admin opens the request on the approvals page and reads the simulation there.
        const other = await page.context().browser()?.newContext({ viewport: screen.viewport });
        if (other === undefined) throw new Error('no browser');
        try {
          const second = await other.newPage();
          await signInAdmin(second, secondAdmin.email, secondAdmin.password);
          const approvals = new AdminApprovalsPage(second);
          await approvals.goto();
          await approvals.approveButton(approval.id).click();
          const dialog = second.getByRole('dialog', { name: 'Approve this action' });
          const approve = dialog.getByRole('button', { name: 'Approve', exact: true });
          const shown = dialog.getByTestId('simulation-panel');
          await expect(shown).toBeVisible();
          // Approve waits for the simulation: held with its reason while it runs, enabled once done.
          const status = await shown.getAttribute('data-status');
          if (status !== 'done') {
            await expect(approve).toBeDisabled();
            await expect(dialog.getByTestId('approve-wait-reason')).toContainText(
              'Waiting for the simulation',
            );
          }
          await expectDoneResult(shown);
          await expect(approve).toBeEnabled();
          await expect(dialog.getByTestId('approve-wait-reason')).toHaveCount(0);
          // The members changing most are folded until asked for.
          const top = shown.getByTestId('simulation-top');
          const toggle = top.getByRole('button', { name: /Show the/ });
          if ((await toggle.count()) > 0) {
            await toggle.click();
            await expect(top.getByRole('button', { name: 'Hide the members' })).toBeVisible();
          }
          await noSidewaysScroll(second);
          await approve.click();
          await expect(dialog).toBeHidden();
        } finally {
          await other.close();
        }

        const after = (await apiGet<SettingsBody>(request, token, '/settings')).settings.levelPercents;
        expect(Number.parseFloat(after[0] ?? '0')).toBe(Number.parseFloat(proposed));
      } finally {
        await putSettings(request, { levelPercents: before });
      }
    });
  });
}
