import { type APIRequestContext, type BrowserContext, test as base, expect } from '@playwright/test';
import { setIdentityLevel } from './pages/IdentityLimits';

/** How the page's own listener (below) labels a violation it saw, so that the console watcher knows it. */
const CSP_MARK = 'CSP violation:';

/**
 * What the browser reports as blocked by the server's security headers: its own console lines (Chromium
 * writes "Refused to ... because it violates the following Content Security Policy directive", and a
 * script refused by nosniff) and the page's `securitypolicyviolation` events, which this init script
 * turns into console lines.
 */
async function watchSecurityReports(context: BrowserContext, into: string[]): Promise<void> {
  context.on('console', (message) => {
    const text = message.text();
    if (text.startsWith(CSP_MARK) || /Content Security Policy|Refused to/i.test(text)) {
      into.push(`${message.page()?.url() ?? 'worker'}: ${text}`);
    }
  });
  await context.addInitScript((mark) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `${mark} ${e.effectiveDirective} blocked ${e.blockedURI || 'inline code'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  }, CSP_MARK);
}

/**
 * Playwright's `test` with one automatic fixture: every test fails when a page it opened (in its own
 * context or in any context it creates) reports a Content Security Policy violation, so the app is known
 * to work under the CSP the server sends (decision 0014). Specs import `test` and `expect` from here.
 */
export const test = base.extend<{ securityReports: string[] }>({
  securityReports: [
    async ({ browser, context }, use) => {
      const reports: string[] = [];
      await watchSecurityReports(context, reports);
      const onContext = (created: BrowserContext) => void watchSecurityReports(created, reports);
      browser.on('context', onContext);
      await use(reports);
      browser.off('context', onContext);
      expect(reports, 'the page reported Content Security Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Demo accounts seeded on a fresh database. */
export const demoAdmin = { email: 'admin@example.com', password: 'Harbor-Falcon-77' };
export const demoMember = {
  email: 'member@example.com',
  password: 'Lantern-Orbit-42',
  fullname: 'Demo Member',
};

let counter = 0;

/** A member nobody has used before: unique per run and per call. */
export function uniqueMember(label = 'member') {
  counter += 1;
  const stamp = `${Date.now()}${counter}`;
  return {
    fullname: `E2E ${label} ${stamp.slice(-6)}`,
    email: `e2e.${label}.${stamp}@example.com`,
    // A number of a real numbering plan (decision 0041: +1 555 is no area code and is refused): +91 98…
    phone: `+9198${stamp.slice(-8)}`,
    password: 'E2e-pass-1234',
  };
}

/** Registers a member through the API (for tests that are not about registration). */
export async function registerViaApi(request: APIRequestContext, label = 'member') {
  const member = uniqueMember(label);
  const res = await request.post('/api/v1/auth/register', {
    data: { ...member, confirmPassword: member.password, referralBy: '' },
  });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { auth: { id: number; username: string } };
  // Level 2 (no limits by default): a spec about another rule is not stopped by an identity limit (decision 0073).
  await setIdentityLevel(body.auth.id, 2);
  return { ...member, id: body.auth.id, username: body.auth.username };
}
