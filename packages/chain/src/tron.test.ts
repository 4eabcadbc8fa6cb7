import { describe, expect, it } from 'vitest';
import { isTronBase58, TRON_CHAIN_ID, toTronAddress, tronToHex } from './tron';

const USDT_T = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDT_HEX = '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c';

describe('TRON addresses', () => {
  it('turn the 20-byte hex form into Base58Check and back (TRON USDT, the zero address)', () => {
    expect(TRON_CHAIN_ID).toBe(728126428);
    expect(toTronAddress(USDT_HEX)).toBe(USDT_T);
    expect(toTronAddress(USDT_HEX.toUpperCase().replace('0X', '0x'))).toBe(USDT_T);
    expect(toTronAddress(`41${USDT_HEX.slice(2)}`)).toBe(USDT_T);
    expect(tronToHex(USDT_T)).toBe(USDT_HEX);
    expect(toTronAddress(`0x${'00'.repeat(20)}`)).toBe('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
    expect(tronToHex('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).toBe(`0x${'00'.repeat(20)}`);
    expect(isTronBase58(USDT_T)).toBe(true);
  });

  it('refuse a bad checksum, a wrong prefix, a bad character or length, and a malformed hex form', () => {
    const badChecksum = `${USDT_T.slice(0, -1)}u`;
    expect(() => tronToHex(badChecksum)).toThrow(/checksum/);
    expect(isTronBase58(badChecksum)).toBe(false);
    // A valid Bitcoin address: Base58Check, but version byte 0x00, not 0x41.
    expect(() => tronToHex('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toThrow(/prefix|TRON/);
    expect(isTronBase58('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60')).toBe(false); // '0' is not base58
    expect(isTronBase58(USDT_T.slice(0, -2))).toBe(false);
    expect(isTronBase58('')).toBe(false);
    expect(isTronBase58(USDT_HEX)).toBe(false);
    expect(() => toTronAddress('0x1234')).toThrow(TypeError);
    expect(() => toTronAddress(`0x${'zz'.repeat(20)}`)).toThrow(TypeError);
  });

  it('round-trip any 20 bytes', () => {
    for (const hex of [
      `0x${'ff'.repeat(20)}`,
      `0x00${'01'.repeat(19)}`,
      '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    ]) {
      const t = toTronAddress(hex);
      expect(t).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      expect(tronToHex(t)).toBe(hex);
    }
  });
});
