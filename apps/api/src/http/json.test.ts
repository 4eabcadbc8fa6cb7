import { describe, expect, it } from 'vitest';
import { parseJsonExact } from './json';

describe('exact JSON parsing', () => {
  it('keeps fractional and huge numbers as their decimal text, safe integers as numbers', () => {
    const body = parseJsonExact(
      '{"amount": 0.1, "big": 12345678901234567890, "n": 42, "neg": -3, "e": 1e2, "nested": [2.50]}',
    );
    expect(body).toEqual({
      amount: '0.1',
      big: '12345678901234567890',
      n: 42,
      neg: -3,
      e: '1e2',
      nested: ['2.50'],
    });
  });

  it('throws on malformed JSON', () => {
    expect(() => parseJsonExact('{"a":')).toThrow();
  });
});
