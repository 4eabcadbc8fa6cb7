import type { APIRequestContext, Page } from '@playwright/test';
import { demoAdmin, expect, test } from './fixtures';
import { adminCallApproved } from './pages/ApprovalPages';
import { signInAdmin } from './pages/IncomeScreens';
import { apiPost } from './pages/MoneyApi';
import { adminToken } from './pages/outbox';
import { pageOverflow, SCREENS, shownPercent, shownUsd } from './pages/solvencyScreens';

/**
 * The solvency report in the back-office (decision 0068): an owner computes today's report (the API builds the day's
 * proof first when needed) and reads its figures, each with what it means, its charts, cohorts, flows and health,
 * on a phone and on a laptop without the page scrolling sideways; an open staff alert is a red banner on every
 * back-office page until the report recovers.
 */

interface Scenario {
  scenario: 'trend' | 'halved' | 'stopped';
  first_short_day: string | null;
  days_covered: number;
}
interface Report {
  day: string;
  owed_now: string;
  reserves: string;
  principal: string;
  coverage: string | null;
  earnable: { total: string };
  runway: Scenario[];
  cohorts: { join_month: string }[];
  alert: { active: boolean; runway_below: boolean; threshold_days: number };
}

/** A demo staff member whose role (support) does not open the money pages. */
const SUPPORT = { email: 'support@example.com', password: 'Copper-Willow-58' };

/** Presses "Compute today's report" and returns the report the API answered (failing with its words if it refused). */
async function computeToday(page: Page): Promise<Report> {
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/admin/solvency/build') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: "Compute today's report" }).click();
  const res = await answered;
  expect(res.status(), `POST /admin/solvency/build answered: ${await res.text()}`).toBe(200);
  const { report } = (await res.json()) as { report: Report };
  await expect(page.getByTestId('solvency-built')).toContainText('was computed');
  return report;
}

/** The admin's API build of today's report (setting the scene). */
async function buildViaApi(request: APIRequestContext, token: string): Promise<Report> {
  return (await apiPost<{ report: Report }>(request, token, '/admin/solvency/build', {})).report;
}

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use({ viewport: screen.viewport });

    test(`an owner computes today's report and reads every part of it on a ${screen.name}`, async ({
      page,
    }) => {
      // A sign-in may wait for the next authenticator step (30 s).
      test.setTimeout(120_000);
      await signInAdmin(page, demoAdmin.email, demoAdmin.password);
      if (screen.name === 'laptop') {
        await page
          .getByRole('navigation', { name: 'Back-office menu' })
          .getByRole('link', { name: 'Solvency' })
          .click();
        await expect(page).toHaveURL(/\/admin\/solvency$/);
      } else {
        await page.goto('/admin/solvency');
      }
      await expect(page.getByRole('heading', { level: 1, name: 'Solvency' })).toBeVisible();
      // The first answer is in: a report, or the empty state that says how one comes.
      await expect(page.getByTestId('solvency-report').or(page.getByTestId('solvency-empty'))).toBeVisible();

      const report = await computeToday(page);
      const shown = page.getByTestId('solvency-report');
      await expect(shown).toHaveAttribute('data-day', report.day);

      // The headline figures, each with its sentence.
      const value = (id: string) => page.getByTestId(id).getByTestId('value');
      const help = (id: string) => page.getByTestId(id).getByTestId('help');
      await expect(value('solvency-owed')).toHaveText(shownUsd(report.owed_now));
      await expect(help('solvency-owed')).toContainText('withdrawals waiting to be paid');
      await expect(value('solvency-principal')).toHaveText(shownUsd(report.principal));
      await expect(value('solvency-reserves')).toHaveText(shownUsd(report.reserves));
      await expect(value('solvency-earnable')).toHaveText(shownUsd(report.earnable.total));
      await expect(page.getByTestId('solvency-earnable')).toContainText('Outside the cap, the CTO pool');
      if (report.coverage === null) await expect(value('solvency-coverage')).toContainText('—');
      else await expect(value('solvency-coverage')).toHaveText(shownPercent(report.coverage));
      const stopped = report.runway.find((s) => s.scenario === 'stopped');
      expect(stopped, JSON.stringify(report.runway.map((s) => s.scenario))).toBeDefined();
      await expect(value('solvency-runway-days')).toHaveText(
        stopped?.first_short_day === null ? 'More than 365 days' : `${stopped?.days_covered} days`,
      );
      for (const id of [
        'solvency-principal',
        'solvency-reserves',
        'solvency-coverage',
        'solvency-earnable',
      ]) {
        await expect(help(id)).not.toBeEmpty();
      }
      await expect(page.getByTestId('solvency-alert')).toHaveCount(report.alert.active ? 1 : 0);

      // The runway chart (a canvas that fits the screen), another scenario, and each scenario's first short day.
      const runwayChart = page.getByTestId('solvency-runway-chart');
      await expect(runwayChart.locator('canvas').first()).toBeVisible();
      const box = await runwayChart.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(200);
      expect(box?.width ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(screen.viewport.width);
      await page.getByTestId('solvency-runway').getByText('Inflows at trend', { exact: true }).click();
      await expect(runwayChart.locator('canvas').first()).toBeVisible();
      const shortDays = page.getByTestId('solvency-short-days');
      for (const label of ['Inflows at trend', 'Inflows halved', 'Inflows stop']) {
        await expect(shortDays).toContainText(`${label}: `);
      }
      // The history of coverage and runway: a chart of its own.
      await expect(page.getByTestId('solvency-history-chart').locator('canvas').first()).toBeVisible();

      // The cohorts: a bar and a row (a card on a phone) per join month.
      const cohorts = page.getByTestId('solvency-cohorts');
      if (report.cohorts.length === 0) {
        await expect(cohorts).toContainText('No member has deposited yet.');
      } else {
        await expect(cohorts.getByTestId('solvency-cohort-bars').locator('[data-month]')).toHaveCount(
          report.cohorts.length,
        );
        const table = cohorts.getByTestId('solvency-cohort-table');
        const rows = screen.name === 'phone' ? table.getByRole('listitem') : table.locator('tbody tr');
        await expect(rows).toHaveCount(report.cohorts.length);
        await expect(table).toContainText(report.cohorts[0]?.join_month ?? '');
      }

      // The flows table and the health figures, each with its definition.
      const flows = page.getByTestId('solvency-flows');
      await expect(flows.locator('tbody tr')).toHaveCount(6);
      await expect(flows).toContainText('Principal withdrawals');
      for (const id of ['paid-rate', 'new-money', 'recruitment', 'gini', 'under-water']) {
        await expect(help(`solvency-health-${id}`)).not.toBeEmpty();
      }

      // Nothing makes the page scroll sideways (the tables scroll inside their own boxes).
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    });
  });
}

test('an open solvency alert is a red banner on every back-office page, linked for the roles that open the report', async ({
  page,
  request,
}) => {
  // Three sign-ins and two settings approvals; each sign-in may wait for the next authenticator step (30 s).
  test.setTimeout(240_000);
  const token = await adminToken(request);
  const threshold = (days: number) =>
    adminCallApproved(
      request,
      token,
      '/settings',
      { settings: { solvencyRunwayAlertDays: days }, reason: 'e2e: the solvency alert threshold' },
      'PUT',
    );
  // A threshold beyond the horizon: any runway is below it, so today's report opens the owners' alert.
  await threshold(3650);
  try {
    const alerting = await buildViaApi(request, token);
    expect(alerting.alert).toMatchObject({ threshold_days: 3650, runway_below: true, active: true });

    await signInAdmin(page, demoAdmin.email, demoAdmin.password);
    const banner = page
      .getByTestId('staff-alert')
      .filter({ hasText: 'below the alert threshold of 3650 days' });
    await expect(banner).toBeVisible();
    await page.goto('/admin/users');
    await expect(banner).toBeVisible();
    await banner.getByRole('link', { name: 'See the details' }).click();
    await expect(page).toHaveURL(/\/admin\/solvency$/);
    await expect(page.getByTestId('solvency-alert')).toContainText('below the alert threshold of 3650 days');

    // Support sees the banner too, without a link to a page outside its role.
    const other = await page.context().browser()?.newContext();
    if (other === undefined) throw new Error('no browser');
    const support = await other.newPage();
    await signInAdmin(support, SUPPORT.email, SUPPORT.password);
    const supportBanner = support
      .getByTestId('staff-alert')
      .filter({ hasText: 'below the alert threshold of 3650 days' });
    await expect(supportBanner).toBeVisible();
    await expect(supportBanner.getByRole('link')).toHaveCount(0);
    await other.close();
  } finally {
    // Put back for the other specs, and today's report computed under it (it closes the alert when it recovers).
    await threshold(90);
    await buildViaApi(request, token);
  }
  // Computed again on the page: the banner goes with the alert, unless the runway is short anyway (a fresh e2e
  // database proves no reserves, so its no-new-money runway is 0 days and the alert stays open).
  const report = await computeToday(page);
  if (!report.alert.active) {
    await expect(page.getByTestId('staff-alert')).toHaveCount(0);
    await expect(page.getByTestId('solvency-alert')).toHaveCount(0);
  }
});
