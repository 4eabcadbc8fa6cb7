import { expect, type Locator, type Page } from '@playwright/test';

export interface NewMember {
  fullname: string;
  email: string;
  phone: string;
  password: string;
  referralBy?: string;
}

export class RegistrationPage {
  readonly referral: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.referral = page.getByRole('textbox', { name: 'Referral code', exact: true });
    this.error = page.getByRole('alert');
  }

  field(name: string) {
    return this.page.getByRole('textbox', { name, exact: true });
  }

  async goto(ref?: string) {
    await this.page.goto(
      ref === undefined ? '/registration' : `/registration?ref=${encodeURIComponent(ref)}`,
    );
    await expect(this.page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  }

  async register(member: NewMember) {
    await this.field('Full name').fill(member.fullname);
    await this.field('Email').fill(member.email);
    await this.field('Phone').fill(member.phone);
    await this.field('Password').fill(member.password);
    await this.field('Confirm password').fill(member.password);
    if (member.referralBy !== undefined) await this.referral.fill(member.referralBy);
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }
}
