import { Password } from '@sgx/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD } from '../../../test/factories';
import { demoCredentials } from '../../db/seed';
import { AppError } from '../../http/errors';
import {
  assertStrongPassword,
  judgePassword,
  PERSONAL_PASSWORD,
  personalWords,
  SITE_PASSWORD,
  setPasswordSite,
  WEAK_PASSWORD,
} from './password-strength';

const riya = {
  email: 'riya.sharma@example.com',
  fullname: 'Riya Sharma',
  username: 'SGX482913',
  phone: '9876543210',
};

describe('password strength', () => {
  it.each([
    'password1',
    '12345678a',
    'qwerty123',
    'Passw0rd!',
    'iloveyou12',
    'abc12345',
    'Admin@12345',
    'Welcome2024',
    'aaaaaaaa1',
    'abcd1234',
  ])('refuses the common or patterned %s, though the contract rules let it through', async (pw) => {
    // The contract's rules (length, a letter and a digit) stay; the estimator comes on top of them.
    expect(Password.safeParse(pw).success).toBe(true);
    expect(await judgePassword(pw, riya)).toMatchObject({ ok: false, message: WEAK_PASSWORD });
  });

  it.each([
    'Riya-garden-2024',
    'sharma#Blue#77',
    'R1ya.Sh4rma.88!',
    'lake-SGX482913-x',
    'riya.sharma@example.com1',
    'boat-9876543210-x',
  ])("refuses %s, made of the member's own name, e-mail, username or phone", async (pw) => {
    expect(await judgePassword(pw, riya)).toMatchObject({ ok: false, message: PERSONAL_PASSWORD });
  });

  it.each(['Lantern-Orbit-42', 'Sunset rides 4 brave owls', 'copper kettle 93 meadow', 'Xk9#mQ2!zR7p'])(
    'accepts a reasonable passphrase or random password: %s',
    async (pw) => {
      expect(await judgePassword(pw, riya)).toMatchObject({ ok: true });
    },
  );

  it("accepts a strong password that merely shares a short piece with the member's name", async () => {
    // "Li" and "Rao" are too short to refuse on their own.
    expect(
      await judgePassword('Lighthouse-Raven-71', { email: 'li.rao@example.com', fullname: 'Li Rao' }),
    ).toMatchObject({ ok: true });
  });

  it("lets the seed's demo accounts and the test factories' password through for their own accounts", async () => {
    expect(
      await judgePassword(demoCredentials.admin.password, {
        email: demoCredentials.admin.email,
        fullname: 'Platform Admin',
      }),
    ).toMatchObject({ ok: true });
    for (const fullname of ['Demo Member', 'Asha Rao', 'Ben Okafor', 'Chen Li', 'Dana Smith', 'Eli Cohen']) {
      expect(
        await judgePassword(demoCredentials.member.password, {
          email: demoCredentials.member.email,
          fullname,
        }),
      ).toMatchObject({ ok: true });
    }
    expect(
      await judgePassword(DEFAULT_PASSWORD, {
        email: 'user-0a1b2c3d4e@test.example',
        fullname: 'Test Member',
      }),
    ).toMatchObject({ ok: true });
  });

  it('takes the e-mail whole and in pieces, the names, the username and the phone digits as personal words', () => {
    expect(personalWords({ ...riya, phone: '+91 98765-43210' })).toEqual([
      'riya.sharma@example.com',
      'riya.sharma',
      'riya',
      'sharma',
      'example',
      'riya sharma',
      'sgx482913',
      '919876543210',
    ]);
    expect(personalWords({})).toEqual([]);
  });

  it('throws a 400 naming the field, with the message on it', async () => {
    const err = await assertStrongPassword('password1', riya, 'password').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      status: 400,
      message: WEAK_PASSWORD,
      details: { password: [WEAK_PASSWORD] },
    });
    await expect(assertStrongPassword('Lantern-Orbit-42', riya)).resolves.toBeUndefined();
  });
});

describe("the site's own name and address, and the e-mail's domain (decision 0032)", () => {
  afterEach(() => setPasswordSite('http://localhost:3000'));

  it.each([
    'SocialGenX1!',
    'Social Gen X 2024',
    'social-genx-Orbit-9',
    'S0cialG3nX-Lamp-55',
    'Orbit-sgx-Lamp-71',
  ])('refuses %s, made of the product name', async (pw) => {
    expect(await judgePassword(pw, riya)).toMatchObject({ ok: false, message: SITE_PASSWORD });
    expect(await judgePassword(pw)).toMatchObject({ ok: false, message: SITE_PASSWORD });
  });

  it("refuses the site's host and its words", async () => {
    setPasswordSite('https://invest.harborbank.io:8443/app');
    for (const pw of ['Harborbank-Lamp-77', 'Invest-Falcon-Tide-58', 'invest.harborbank.io-9'])
      expect(await judgePassword(pw, riya)).toMatchObject({ ok: false, message: SITE_PASSWORD });
    setPasswordSite('http://localhost:3000');
    expect(await judgePassword('Localhost-Orbit-42', riya)).toMatchObject({
      ok: false,
      message: SITE_PASSWORD,
    });
  });

  it('refuses Secaudit1 for the account of secaudit, by its e-mail name or its domain', async () => {
    for (const email of ['secaudit@example.com', 'qa@secaudit.dev']) {
      expect(await judgePassword('Secaudit1', { email })).toMatchObject({
        ok: false,
        message: PERSONAL_PASSWORD,
      });
    }
    expect(await judgePassword('Secaudit1', { username: 'secaudit' })).toMatchObject({ ok: false });
  });

  it('still accepts the demo and test passwords, on the usual sites', async () => {
    for (const site of ['http://localhost:3000', 'https://app.socialgenx.com', 'http://127.0.0.1:3206']) {
      setPasswordSite(site);
      for (const pw of ['Harbor-Falcon-77', 'Copper-Willow-58', 'Lantern-Orbit-42', DEFAULT_PASSWORD]) {
        expect(
          await judgePassword(pw, { email: 'member@example.com', fullname: 'Demo Member' }),
        ).toMatchObject({
          ok: true,
        });
        expect(
          await judgePassword(pw, { email: 'user-0a1b2c3d4e@test.example', fullname: 'Test Member' }),
        ).toMatchObject({
          ok: true,
        });
      }
    }
  });
});
