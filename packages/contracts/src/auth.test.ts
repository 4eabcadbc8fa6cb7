import { describe, expect, it } from 'vitest';
import { Phone, RegisterBody } from './auth';

describe('phone numbers (issue 22, item 6)', () => {
  it('takes a number as people write it and keeps only its digits and leading +', () => {
    expect(Phone.parse('+44 7700 900123')).toBe('+447700900123');
    expect(Phone.parse(' (020) 7946-0958 ')).toBe('02079460958');
    expect(Phone.parse('98765.43210')).toBe('9876543210');
    expect(Phone.parse('9876543210')).toBe('9876543210');
  });

  it('still refuses what is not a phone number, with the same words', () => {
    for (const bad of ['12345', '+44 7700 900123 4567 89', 'call me', '++447700900123', '']) {
      const r = Phone.safeParse(bad);
      expect(r.success, bad).toBe(false);
      if (!r.success) expect(r.error.issues[0]?.message).toBe('Enter a phone number of 7 to 15 digits.');
    }
  });

  it('registers with a spaced number', () => {
    const body = RegisterBody.parse({
      fullname: 'Amelia Hart',
      email: 'amelia@example.com',
      phone: '+44 7700 900123',
      password: 'Saffron-Kettle-58',
      confirmPassword: 'Saffron-Kettle-58',
    });
    expect(body.phone).toBe('+447700900123');
  });
});
