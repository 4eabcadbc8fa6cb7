import { describe, expect, it } from 'vitest';
import { installPhoneNumbering, Phone } from './phone';

// This file never imports phone-numbering.ts: the schema before the numbering plans are installed (decision 0041).
describe('Phone without the numbering plans (a web screen before they load)', () => {
  it('checks the shape only and asks for the country code; the server, which always has the plans, decides', () => {
    expect(Phone.parse('+1 555 012 3456')).toBe('+15550123456');
    expect(Phone.safeParse('07911 123456').error?.issues[0]?.message).toBe(
      'Start with + and the country code, e.g. +44 7911 123456.',
    );
    expect(Phone.safeParse('12').error?.issues[0]?.message).toBe('Enter a phone number of 7 to 15 digits.');
  });

  it('uses the plans once installed', () => {
    installPhoneNumbering((v) => (v === '+447911123456' ? v : null));
    expect(Phone.parse('+44 7911 123456')).toBe('+447911123456');
    expect(Phone.safeParse('+1 555 012 3456').error?.issues[0]?.message).toBe(
      'This is not a valid phone number: check the country code and the digits.',
    );
  });
});
