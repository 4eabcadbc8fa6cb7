import { expect, type Locator, type Page } from '@playwright/test';
import {
  codeFor,
  entryOf,
  FEW_RECOVERY_CODES,
  hasSecondFactor,
  nextCode,
  rememberEnrolment,
  renewRecoveryCodesIfFew,
  stepAt,
} from './secondFactor';

/** /login (member) or /admin-login (admin), and the two-factor steps after the password (decision 0023). */
export class SignInPage {
  readonly identifier: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  /** The code step (/two-factor). */
  readonly codeHeading: Locator;
  /** The enrolment (/two-factor/setup), an admin's first sign-in. */
  readonly enrolHeading: Locator;
  readonly code: Locator;
  readonly recoveryCode: Locator;
  readonly useRecoveryCode: Locator;
  readonly verify: Locator;
  readonly secretKey: Locator;
  readonly turnOn: Locator;
  readonly recoveryCodes: Locator;
  readonly savedThem: Locator;
  readonly areaMenu: Locator;

  constructor(
    readonly page: Page,
    readonly area: 'member' | 'admin' = 'member',
  ) {
    this.identifier = page.getByRole('textbox', { name: 'Email or username', exact: true });
    this.password = page.getByRole('textbox', { name: 'Password', exact: true });
    this.submit = page.getByRole('button', { name: 'Sign in', exact: true });
    this.error = page.getByRole('alert');
    this.codeHeading = page.getByRole('heading', { level: 1, name: 'Two-factor sign-in', exact: true });
    this.enrolHeading = page.getByRole('heading', {
      level: 1,
      name: 'Set up two-factor sign-in',
      exact: true,
    });
    this.code = page.getByRole('textbox', { name: 'Authenticator code' });
    this.recoveryCode = page.getByRole('textbox', { name: 'Recovery code' });
    this.useRecoveryCode = page.getByRole('button', { name: 'Use a recovery code' });
    this.verify = page.getByRole('button', { name: 'Verify', exact: true });
    this.secretKey = page.getByRole('textbox', { name: 'Secret key' });
    this.turnOn = page.getByRole('button', { name: 'Turn on two-factor' });
    this.recoveryCodes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    this.savedThem = page.getByRole('button', { name: 'I have saved them' });
    this.areaMenu = page.getByRole('navigation', {
      name: /^(Back-office|Member area) menu$/,
      includeHidden: true,
    });
  }

  get path() {
    return this.area === 'admin' ? '/admin-login' : '/login';
  }

  async goto() {
    await this.page.goto(this.path);
    await expect(this.identifier).toBeVisible();
  }

  /** The password step only: what the form does with it is the caller's to check. */
  async submitPassword(identifier: string, password: string) {
    await this.identifier.fill(identifier);
    await this.password.fill(password);
    await this.submit.click();
  }

  /**
   * Signs in. Admins (who must have two-factor) and members known to have turned it on also pass the
   * second factor, as a person with the app would: the enrolment at an admin's first sign-in of the run
   * (the secret read from the page) or the code step. A refused password stays on the sign-in page.
   */
  async signIn(identifier: string, password: string) {
    await this.submitPassword(identifier, password);
    if (this.area === 'member' && !hasSecondFactor(identifier)) return;
    const outcome = await this.outcome();
    if (outcome === 'step') await this.completeSecondFactor(identifier);
  }

  /** After the password: a two-factor step, a refusal on the sign-in page, or the area itself. */
  private async outcome(): Promise<'step' | 'refused' | 'in'> {
    let outcome: 'step' | 'refused' | 'in' | 'waiting' = 'waiting';
    await expect
      .poll(async () => {
        if ((await this.codeHeading.isVisible()) || (await this.enrolHeading.isVisible())) outcome = 'step';
        else if (await this.error.first().isVisible()) outcome = 'refused';
        // The area's menu, which the guards show only to a session that owes nothing (on a phone it is
        // folded away, so it is looked for, not looked at).
        else if ((await this.areaMenu.count()) > 0) outcome = 'in';
        return outcome;
      })
      .not.toBe('waiting');
    return outcome === 'waiting' ? 'in' : outcome;
  }

  /** The step the page shows after the password: the enrolment or the code; then where the app goes on. */
  async completeSecondFactor(email: string) {
    if (await this.enrolHeading.isVisible()) {
      await this.enrol(email);
    } else {
      await this.enterCode(email);
    }
    await expect(this.page).not.toHaveURL(/\/two-factor/);
    await this.renewRecoveryCodesIfFew(email);
  }

  /** Enrolment: reads the secret shown, confirms with its code, keeps the recovery codes, goes on. */
  async enrol(email: string) {
    await expect(this.secretKey).toBeVisible();
    const secret = await this.secretKey.inputValue();
    const step = stepAt();
    await this.code.fill(codeFor(secret, step));
    await this.turnOn.click();
    await expect(this.savedThem).toBeVisible();
    const codes = (await this.recoveryCodes.allInnerTexts()).map((c) => c.trim());
    rememberEnrolment(email, secret, codes, step);
    await this.savedThem.click();
  }

  /** The code step: the next unused app code, or a recovery code when none is left. */
  async enterCode(email: string) {
    await expect(this.codeHeading).toBeVisible();
    // A code refused (a step the server saw used another way) is followed by the next one.
    for (let attempt = 0; attempt < 3; attempt++) {
      const next = nextCode(email);
      if (next.kind === 'recovery') {
        if (await this.useRecoveryCode.isVisible()) await this.useRecoveryCode.click();
        await this.recoveryCode.fill(next.code);
      } else {
        if (await this.recoveryCode.isVisible()) {
          await this.page.getByRole('button', { name: 'Use the authenticator app' }).click();
        }
        await this.code.fill(next.code);
      }
      await this.verify.click();
      const passed = await this.codeHeading
        .waitFor({ state: 'hidden', timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
      if (passed) return;
    }
    throw new Error(`the two-factor code step refused every code for ${email}`);
  }

  /** Few recovery codes left: a new set through the API, with this session's token. */
  private async renewRecoveryCodesIfFew(email: string) {
    const entry = entryOf(email);
    if (entry === undefined || entry.recoveryCodes.length >= FEW_RECOVERY_CODES) return;
    const token = await this.page.evaluate(() => {
      const stored = window.localStorage.getItem('persist:auth');
      if (stored === null) return null;
      const auth = JSON.parse((JSON.parse(stored) as { auth: string }).auth) as { token: string } | null;
      return auth?.token ?? null;
    });
    if (token !== null) await renewRecoveryCodesIfFew(this.page.request, email, token);
  }
}
