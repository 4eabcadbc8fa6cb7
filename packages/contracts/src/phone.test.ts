import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

// This file never imports phone-numbering.ts: the schema before the numbering plans are installed (decision 0041).
// The unit project's files share their worker's modules (docs/decisions/0060-fast-unit-project.md), and another
// file may have installed the real plans: each test here takes a fresh copy of phone.ts, and the file leaves none
// of its own (the stand-in plans below) to the files after it.
let phone: typeof import('./phone');
beforeEach(async () => {
  vi.resetModules();
  phone = await import('./phone');
});
afterAll(() => {
  vi.resetModules();
});

describe('Phone without the numbering plans (a web screen before they load)', () => {
  it('checks the shape only and asks for the country code; the server, which always has the plans, decides', () => {
    const { Phone } = phone;
    expect(Phone.parse('+1 555 012 3456')).toBe('+15550123456');
    expect(Phone.safeParse('07911 123456').error?.issues[0]?.message).toBe(
      'Start with + and the country code, e.g. +44 7911 123456.',
    );
    expect(Phone.safeParse('12').error?.issues[0]?.message).toBe('Enter a phone number of 7 to 15 digits.');
  });

  it('uses the plans once installed', () => {
    const { installPhoneNumbering, Phone } = phone;
    installPhoneNumbering((v) => (v === '+447911123456' ? v : null));
    expect(Phone.parse('+44 7911 123456')).toBe('+447911123456');
    expect(Phone.safeParse('+1 555 012 3456').error?.issues[0]?.message).toBe(
      'This is not a valid phone number: check the country code and the digits.',
    );
  });
});
