import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { demoAdmin, demoMember, expect, test } from './fixtures';
import { SignInPage } from './pages/SignInPage';

/**
 * Accessibility of every page (decision 0055): axe-core finds no violation of serious or critical impact, and each
 * page has exactly one <h1>, on a laptop and on a phone. The pages are read from the app's route table
 * (src/app/router.tsx), so a new route is checked without anyone adding it here: the public routes come before
 * the admin area's guard, the admin's between it and the member area's guard, the member's after it.
 * The file's name sorts after admin-2fa.spec.ts, which expects the demo admin not enrolled yet (this file signs
 * the admin in, which enrols them).
 */
const routerSource = readFileSync(new URL('../src/app/router.tsx', import.meta.url), 'utf8');

/** A value for each parameter a route may have (a route with another parameter fails here: add one). */
const SAMPLE: Record<string, string> = {
  ticketId: '1',
  id: '1',
  table_name: 'roi_transaction',
  fit: 'all',
  source: 'all',
};

function routePaths(): { visitor: string[]; admin: string[]; member: string[] } {
  const table = routerSource.slice(
    routerSource.indexOf('export const routes'),
    routerSource.indexOf('export function preloadRoute'),
  );
  const adminAt = table.indexOf('allow="admin"');
  const memberAt = table.indexOf('allow="user"');
  expect(adminAt, 'the admin area in the route table').toBeGreaterThan(0);
  expect(memberAt, 'the member area in the route table').toBeGreaterThan(adminAt);
  const out = { visitor: [] as string[], admin: [] as string[], member: [] as string[] };
  for (const m of table.matchAll(/path: '([^']+)'/g)) {
    const raw = m[1] ?? '';
    const at = m.index ?? 0;
    const path =
      raw === '*'
        ? '/no-such-page'
        : raw.replace(/:(\w+)/g, (_, name: string) => {
            const value = SAMPLE[name];
            if (value === undefined) throw new Error(`No sample value for :${name} (route ${raw})`);
            return value;
          });
    (at < adminAt ? out.visitor : at < memberAt ? out.admin : out.member).push(path);
  }
  return out;
}

const ROUTES = routePaths();

interface Finding {
  path: string;
  problem: string;
}

/** Opens each path once its page is drawn and lists what axe and the heading count find wrong. */
async function audit(page: Page, paths: readonly string[]): Promise<Finding[]> {
  const found: Finding[] = [];
  for (const path of paths) {
    await page.goto(path);
    // The page is drawn: its one heading of level 1 is there (a count other than 1 after 10 s is a finding).
    const h1 = page.locator('h1');
    try {
      await expect(h1).toHaveCount(1);
    } catch {
      found.push({ path, problem: `${await h1.count()} <h1> (one expected) at ${page.url()}` });
    }
    // Its answers are in (pages that poll never go quiet: at most 2 s).
    await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
    const result = await new AxeBuilder({ page }).analyze();
    for (const v of result.violations) {
      if (v.impact !== 'serious' && v.impact !== 'critical') continue;
      for (const node of v.nodes)
        found.push({
          path,
          problem: `${v.impact} ${v.id}: ${node.target.join(' ')} ${node.html.slice(0, 140)}`,
        });
    }
  }
  return found;
}

const SIZES = [
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

test.describe('every page: one <h1>, no serious or critical axe violation', () => {
  test.describe.configure({ timeout: 300_000 });

  test('the route table lists every area', () => {
    expect(ROUTES.visitor).toContain('/login');
    expect(ROUTES.admin).toContain('/admin/dashboard');
    expect(ROUTES.member).toContain('/user/dashboard');
  });

  for (const size of SIZES) {
    test.describe(size.name, () => {
      test.use({ viewport: size.viewport });

      test('public pages', async ({ page }) => {
        expect(await audit(page, ROUTES.visitor)).toEqual([]);
      });

      test('member pages', async ({ page }) => {
        const signIn = new SignInPage(page);
        await signIn.goto();
        await signIn.signIn(demoMember.email, demoMember.password);
        await expect(page).toHaveURL(/\/user\/dashboard$/);
        expect(await audit(page, ROUTES.member)).toEqual([]);
      });

      test('admin pages', async ({ page }) => {
        const signIn = new SignInPage(page, 'admin');
        await signIn.goto();
        await signIn.signIn(demoAdmin.email, demoAdmin.password);
        await expect(page).toHaveURL(/\/admin\/dashboard$/);
        expect(await audit(page, ROUTES.admin)).toEqual([]);
      });
    });
  }
});
