import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normaliseAddress, parseSdn } from './sdn-parser';

/**
 * The OFAC SDN list's digital-currency addresses read from its three published shapes (decision 0075): fixtures
 * written from the documented formats, each holding the same two parties (an ETH and a Bitcoin address, a TRON
 * address listed as TRX and USDT, one EVM address listed as BSC/ARB and again in capitals, and a 0x number under a
 * feature that is no currency address).
 */
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

const expected = [
  { family: 'evm', address: '0x01e2919679362dfbc9ee1644ba9c6da6d6245bb1' },
  { family: 'evm', address: '0x098b716b8aaf21512996dc57eb0615e2383e2f96' },
  { family: 'tron', address: 'TA3rH2A7iHnm6pKH8gr9cK1EZnShnmZdFg' },
];

describe('parseSdn', () => {
  it('reads sdn_advanced.xml: the feature types named "Digital Currency Address", the issue date', () => {
    const p = parseSdn(fixture('sdn_advanced.xml'));
    expect(p.format).toBe('sdn_advanced_xml');
    expect(p.publishedOn).toBe('2024-03-07');
    expect(p.entries.map(({ family, address }) => ({ family, address }))).toEqual(expected);
    expect(p.entries.find((e) => e.family === 'tron')?.currencies).toEqual(['USDT', 'TRX']);
    expect(p.entries[0]?.currencies).toEqual(['BSC', 'USDT']);
    expect(p.skipped).toBe(1);
  });

  it('reads sdn.xml: the idList entries, the publish date', () => {
    const p = parseSdn(fixture('sdn.xml'));
    expect(p.format).toBe('sdn_xml');
    expect(p.publishedOn).toBe('2024-03-07');
    expect(p.entries.map(({ family, address }) => ({ family, address }))).toEqual(expected);
    expect(p.entries.find((e) => e.family === 'tron')?.currencies).toEqual(['TRX', 'USDT']);
    expect(p.skipped).toBe(1);
  });

  it('reads sdn.csv: the remarks, and no date', () => {
    const p = parseSdn(fixture('sdn.csv'));
    expect(p.format).toBe('sdn_csv');
    expect(p.publishedOn).toBeNull();
    expect(p.entries.map(({ family, address }) => ({ family, address }))).toEqual(expected);
    expect(p.skipped).toBe(1);
  });

  it('refuses what is not the SDN list', () => {
    expect(() => parseSdn('<html><body>Not found</body></html>')).toThrow(/neither/);
    expect(() => parseSdn('a,b,c\n1,2,3\n')).toThrow(/no "Digital Currency Address"/);
  });
});

describe('normaliseAddress', () => {
  it('lower-cases EVM addresses, keeps TRON ones, refuses other shapes', () => {
    expect(normaliseAddress(' 0xABCDEFabcdef0123456789012345678901234567 ')).toEqual({
      family: 'evm',
      address: '0xabcdefabcdef0123456789012345678901234567',
    });
    expect(normaliseAddress('TA3rH2A7iHnm6pKH8gr9cK1EZnShnmZdFg')).toEqual({
      family: 'tron',
      address: 'TA3rH2A7iHnm6pKH8gr9cK1EZnShnmZdFg',
    });
    expect(normaliseAddress('12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h')).toBeNull();
    expect(normaliseAddress('0x1234')).toBeNull();
  });
});
