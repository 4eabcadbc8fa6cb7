import { expect, type Locator, type Page } from '@playwright/test';

/** /login (member) or /admin-login (admin). */
export class SignInPage {
  readonly identifier: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(
    readonly page: Page,
    readonly area: 'member' | 'admin' = 'member',
  ) {
    this.identifier = page.getByRole('textbox', { name: 'Email or username', exact: true });
    this.password = page.getByRole('textbox', { name: 'Password', exact: true });
    this.submit = page.getByRole('button', { name: 'Sign in', exact: true });
    this.error = page.getByRole('alert');
  }

  get path() {
    return this.area === 'admin' ? '/admin-login' : '/login';
  }

  async goto() {
    await this.page.goto(this.path);
    await expect(this.identifier).toBeVisible();
  }

  async signIn(identifier: string, password: string) {
    await this.identifier.fill(identifier);
    await this.password.fill(password);
    await this.submit.click();
  }
}
