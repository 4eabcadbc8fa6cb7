import { describe, expect, it } from 'vitest';
import {
  displayAddress,
  hexToTron,
  isEvmAddress,
  isTronAddress,
  toChecksumAddress,
  tronToHex,
} from './addresses';
import { RegisterBody } from './auth';
import { AmountIn } from './common';

describe('payout addresses', () => {
  it('checks EIP-55 checksum casing', () => {
    // EIP-55's own examples
    for (const a of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    ]) {
      expect(isEvmAddress(a)).toBe(true);
      expect(toChecksumAddress(a.toLowerCase())).toBe(a);
    }
    expect(isEvmAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isEvmAddress('0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toBe(false);
    expect(isEvmAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAedAA')).toBe(false);
  });

  it('checks Tron base58check addresses', () => {
    expect(isTronAddress('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).toBe(true);
    expect(isTronAddress('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8')).toBe(false);
    expect(isTronAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });
});

describe('TRON addresses as hex and back', () => {
  it('turns TRON USDT into its 20-byte hex and back, and refuses a broken checksum', () => {
    expect(tronToHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(
      '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c',
    );
    expect(hexToTron('0xA614F803B6FD780986A42C78EC9C7F77E6DED13C')).toBe(
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    );
    expect(() => tronToHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toThrow(/Not a TRON address/);
    expect(displayAddress(728126428, '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c')).toMatch(/^T/);
    const evm = displayAddress(56, '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c');
    expect(evm).not.toBe(evm.toLowerCase());
    expect(isEvmAddress(evm)).toBe(true);
  });
});

describe('shared request schemas', () => {
  it('parses amounts exactly and refuses floats with fractions', () => {
    expect(AmountIn.parse('125.5')).toBe(12_550_000_000n);
    expect(AmountIn.parse(3)).toBe(300_000_000n);
    expect(AmountIn.safeParse(0.5).success).toBe(false);
    expect(AmountIn.safeParse('1.000000001').success).toBe(false);
  });

  it('requires matching passwords at registration and defaults the referral code to empty', () => {
    const ok = RegisterBody.parse({
      fullname: 'A B',
      email: 'A@Example.com',
      phone: '+91 98765 43210',
      password: 'abc12345',
      confirmPassword: 'abc12345',
    });
    expect(ok).toMatchObject({ email: 'a@example.com', referralBy: '' });
    expect(RegisterBody.safeParse({ ...ok, confirmPassword: 'x' }).success).toBe(false);
  });
});
