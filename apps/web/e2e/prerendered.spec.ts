import type { Page } from '@playwright/test';
import { demoMember, expect, test } from './fixtures';
import { SignInPage } from './pages/SignInPage';

// Decision 0050 (a light phone app): the public first screens come drawn in the HTML, so a phone
// paints them before any script has run; the app then takes the drawn page over without drawing it again.

const form = (page: Page) => page.locator('#root form').first();

/** Console lines that say the drawn page had to be drawn again (main.tsx) or that React met a difference. */
function watchRedraws(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (m) => {
    if (/drawn at build time|hydrat/i.test(m.text())) lines.push(m.text());
  });
  page.on('pageerror', (e) => lines.push(`page error: ${e.message}`));
  return lines;
}

/** Keeps the heading the HTML brought, before any script of the page runs, to compare it with the live one. */
async function rememberDrawnHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as unknown as { drawn: Element | null }).drawn = document.querySelector('#root h1');
      }
    });
  });
}

/** Whether the page's heading is the one the HTML brought, now the app's (React keeps its fiber on it). */
const headingTakenOver = (page: Page) =>
  page.evaluate(() => {
    const drawn = (window as unknown as { drawn: Element | null }).drawn;
    const live = document.querySelector('#root h1');
    return (
      drawn !== null &&
      live !== null &&
      drawn === live &&
      Object.keys(live).some((k) => k.startsWith('__reactFiber$'))
    );
  });

test('the public first screens come drawn in the HTML; member pages do not', async ({ request, browser }) => {
  for (const [path, text] of [
    ['/', 'Pick a plan, claim your daily ROI, grow a team.'],
    ['/login', 'Welcome back to SocialGenX.'],
    ['/registration', 'Create your account'],
    ['/admin-login', 'Admin sign-in'],
  ] as const) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`data-prerendered="${path}"`);
    expect(html).toContain(text);
  }
  const member = await (await request.get('/user/dashboard')).text();
  expect(member).toContain('<div id="root"></div>');
  // A member page's HTML names the code of its frame and page itself (preload tags the browser reads with the
  // entry), with no inline script: the CSP allows none.
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  const frameOnly = await (await request.get('/user/withdrawal')).text();
  expect(preloads(frameOnly).length).toBeGreaterThan(
    preloads(await (await request.get('/privacy')).text()).length,
  );
  for (const html of [member, frameOnly]) expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  // The dashboard's own code (its "Move money" card) is among what its HTML preloads.
  const scripts = await Promise.all(
    preloads(member).map(async (href) => (await request.get(href ?? '')).text()),
  );
  expect(scripts.some((code) => code.includes('Move money'))).toBe(true);

  // Without any script at all, the page is there to read.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email or username' })).toBeVisible();
  // Nothing can be typed or submitted before the app has the page (nothing typed is lost); links work as they are.
  await expect(form(page)).toHaveAttribute('inert', '');
  await page.getByRole('link', { name: 'Join' }).first().click();
  await expect(page).toHaveURL(/\/registration$/);
  await expect(page.getByRole('heading', { name: 'Create your account', level: 1 })).toBeVisible();
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'Pick a plan, claim your daily ROI, grow a team.' }),
  ).toBeVisible();
  await context.close();
});

test('the app takes the drawn sign-in page over without drawing it again, and it signs in', async ({
  page,
}) => {
  const redraws = watchRedraws(page);
  await rememberDrawnHeading(page);
  const signIn = new SignInPage(page);
  await signIn.goto();
  await expect(form(page)).not.toHaveAttribute('inert');
  // The same heading element: the app kept the drawn page (hydration), it did not draw a new one.
  expect(await headingTakenOver(page)).toBe(true);
  expect(redraws).toEqual([]);
  await signIn.signIn(demoMember.email, demoMember.password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test("the landing page and registration are taken over too, their links the app's", async ({ page }) => {
  const redraws = watchRedraws(page);
  await rememberDrawnHeading(page);
  await page.goto('/');
  await expect.poll(() => headingTakenOver(page)).toBe(true);
  // The app's link: the next page is drawn in this page, not loaded again.
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await page.getByRole('link', { name: 'Join' }).first().click();
  await expect(page).toHaveURL(/\/registration$/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await page.goto('/registration');
  await expect(form(page)).not.toHaveAttribute('inert');
  await page.getByRole('textbox', { name: 'Full name' }).fill('Prerendered Visitor');
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Prerendered Visitor');
  expect(redraws).toEqual([]);
});

test('a visitor whose language is not English gets the page drawn by the app in it', async ({ page }) => {
  const redraws = watchRedraws(page);
  await page.addInitScript(() => localStorage.setItem('sgx.locale', 'es'));
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión', level: 1 })).toBeVisible();
  await expect(form(page)).not.toHaveAttribute('inert');
  await expect(page.getByText('Welcome back to SocialGenX.')).toHaveCount(0);
  expect(redraws).toEqual([]);
});

test('a member opening the dashboard gets it drawn at once, with no spinner before it', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(demoMember.email, demoMember.password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  // From the next page's first byte: whether a loading spinner was in the page before the dashboard's heading.
  await page.addInitScript(() => {
    const w = window as unknown as { spinnerFirst?: boolean };
    new MutationObserver(() => {
      if (w.spinnerFirst !== undefined) return;
      if (document.querySelector('#root h1')) w.spinnerFirst = false;
      else if (document.querySelector('#root [role="status"]')) w.spinnerFirst = true;
    }).observe(document, { subtree: true, childList: true });
  });
  // A cold load (nothing from the HTTP cache), as a phone's first visit: the page's code takes a moment to come.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto('/user/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { spinnerFirst?: boolean }).spinnerFirst)).toBe(
    false,
  );
});
