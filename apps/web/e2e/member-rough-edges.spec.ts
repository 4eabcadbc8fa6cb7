import type { Page } from '@playwright/test';
import { demoAdmin, demoMember, expect, registerViaApi, test } from './fixtures';
import { ensurePlan, signInMember, WatchPage } from './pages/IncomeScreens';
import { apiSignIn } from './pages/MoneyApi';

/** The member screens' smaller faults (decision 0055). */

const PHONE = { width: 390, height: 844 };

/** Labels of the dashboard's "move money" buttons whose text does not fit (cut with an ellipsis). */
async function clippedLinks(page: Page): Promise<string[]> {
  return page.locator('[data-testid^="dashboard-link-"]').evaluateAll((buttons) =>
    buttons
      .map((b) => b.querySelector('.mantine-Button-label') as HTMLElement | null)
      .filter((l): l is HTMLElement => l !== null && l.scrollWidth > l.clientWidth + 1)
      .map((l) => l.textContent ?? ''),
  );
}

test('on a phone the menu has the language switch, and Spanish buttons are not cut', async ({
  page,
  request,
}) => {
  const member = await registerViaApi(request, 'phone');
  await page.setViewportSize(PHONE);
  await signInMember(page, member.email, member.password);
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  const menu = page.getByRole('navigation', { name: /menu$/ });
  const language = menu.getByRole('combobox', { name: 'Language' });
  await expect(language).toBeVisible();
  await language.selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByTestId('dashboard-link-deposits')).toContainText('Mis depósitos');
  expect(await clippedLinks(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await clippedLinks(page)).toEqual([]);
});

test('the income chart says its days as the app does, and Web3 Deposit does not shift when its cards come', async ({
  page,
}) => {
  await signInMember(page, demoMember.email, demoMember.password);
  await page.goto('/user/income');
  const first = page.getByTestId('income-chart').getByTestId('chart-first-day');
  await expect(first).toHaveText(/^\d{2} [A-Z][a-z]{2} \d{4}$/);

  // Layout shift (CLS) of the deposit page from its first drawing until its cards are there.
  await page.addInitScript(() => {
    const w = window as unknown as { shift: number };
    w.shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) w.shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/user/web3-deposit');
  await expect(page.getByTestId('own-addresses-skeleton')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(500);
  const shift = await page.evaluate(() => (window as unknown as { shift: number }).shift);
  expect(shift).toBeLessThan(0.1);
});

test('Watch and Earn: the bundled video plays when the embed cannot, and the countdown stops while it is paused', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const member = await registerViaApi(request, 'watcher');
  const admin = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);
  await ensurePlan(request, admin.token, member);
  await signInMember(page, member.email, member.password);
  const watch = new WatchPage(page);
  await watch.goto();
  await watch.watchButton.click();
  await watch.dialog.getByRole('button', { name: 'Start Watching' }).click();
  // The test's browser cannot reach the video site: the embed stays silent, and the bundled video takes over.
  const video = watch.dialog.getByTestId('fallback-video');
  await expect(video).toBeVisible({ timeout: 15_000 });
  const countdown = watch.dialog.getByTestId('countdown');
  await expect(countdown).not.toHaveText('10 seconds left', { timeout: 10_000 });
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  await expect(watch.dialog.getByTestId('countdown-paused')).toBeVisible();
  const paused = await countdown.innerText();
  await page.waitForTimeout(3_000);
  await expect(countdown).toHaveText(paused);
  await expect(watch.dialog.getByRole('button', { name: 'Claim Reward' })).toHaveCount(0);
  await video.evaluate((v: HTMLVideoElement) => v.play());
  await expect(watch.dialog.getByRole('button', { name: 'Claim Reward' })).toBeVisible({ timeout: 15_000 });
});
