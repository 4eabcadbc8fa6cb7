import { describe, expect, it } from 'vitest';
import { Phone, RegisterBody } from './auth';
import { formatPhone } from './phone-numbering';

const messageOf = (input: string) => {
  const r = Phone.safeParse(input);
  return r.success ? `accepted as ${r.data}` : r.error.issues[0]?.message;
};

describe('phone numbers (decision 0041)', () => {
  it('takes a number in any common international format and keeps it in E.164', () => {
    expect(Phone.parse('+44 7911 123456')).toBe('+447911123456');
    expect(Phone.parse(' +44 (20) 7946-0958 ')).toBe('+442079460958');
    expect(Phone.parse('+1 (202) 555-0123')).toBe('+12025550123');
    expect(Phone.parse('+1.202.555.0123')).toBe('+12025550123');
    expect(Phone.parse('+91 98765-43210')).toBe('+919876543210');
    expect(Phone.parse('0091 98765 43210')).toBe('+919876543210');
    expect(Phone.parse('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(Phone.parse('+86 138 1234 5678')).toBe('+8613812345678');
    // The issue's example: a UK mobile-length number in a range the metadata keeps for drama; its length fits.
    expect(Phone.parse('+44 7700 900123')).toBe('+447700900123');
  });

  it('refuses what is not a phone number, with the same words as before', () => {
    for (const bad of ['12345', '+44 7911 123456 4567 89', 'call me', '++447911123456', '']) {
      expect(messageOf(bad), bad).toBe('Enter a phone number of 7 to 15 digits.');
    }
  });

  it('asks for the country code: a national number could be any country', () => {
    for (const national of ['9876543210', '07911 123456', '(020) 7946-0958']) {
      expect(messageOf(national), national).toBe('Start with + and the country code, e.g. +44 7911 123456.');
    }
  });

  it('refuses numbers whose length no plan of their country has, or whose country code does not exist', () => {
    // North American numbers have 10 digits; UK mobiles 10 after +44; +999 is no country code.
    for (const bad of ['+1 555 0123', '+44 7911 1234', '+44 7911 1234567', '+999 1234 5678']) {
      expect(messageOf(bad), bad).toBe(
        'This is not a valid phone number: check the country code and the digits.',
      );
    }
  });

  it('shows a stored number formatted, and an old one as it was stored', () => {
    expect(formatPhone('+447911123456')).toBe('+44 7911 123456');
    expect(formatPhone('+12025550123')).toBe('+1 202 555 0123');
    expect(formatPhone('9876543210')).toBe('9876543210');
    expect(formatPhone(null)).toBeNull();
    expect(formatPhone('')).toBeNull();
  });

  it('registers with a spaced international number, kept in E.164', () => {
    const body = RegisterBody.parse({
      fullname: 'Amelia Hart',
      email: 'amelia@example.com',
      phone: '+44 7911 123456',
      password: 'Saffron-Kettle-58',
      confirmPassword: 'Saffron-Kettle-58',
    });
    expect(body.phone).toBe('+447911123456');
  });
});
