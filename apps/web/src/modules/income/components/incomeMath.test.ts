import { parseUnits } from '@sgx/money';
import { describe, expect, it } from 'vitest';
import { periodChange } from './incomeMath';

const usd = (v: string) => parseUnits(v);

describe('the income change against the previous period (decision 0055)', () => {
  it('gives a percentage against a meaningful base', () => {
    expect(periodChange(usd('150'), usd('100'))).toEqual({ kind: 'percent', text: '+50.0%' });
    expect(periodChange(usd('40'), usd('100'))).toEqual({ kind: 'percent', text: '-60.0%' });
  });

  it('says what the previous period held when the base is near zero, never "+10716.6%"', () => {
    expect(periodChange(usd('53.8830'), usd('0.4982'))).toEqual({ kind: 'previous', before: usd('0.4982') });
    expect(periodChange(usd('1100'), usd('100'))).toEqual({ kind: 'previous', before: usd('100') });
  });

  it('says there was nothing before, and nothing at all when both periods are empty', () => {
    expect(periodChange(usd('5'), 0n)).toEqual({ kind: 'none' });
    expect(periodChange(0n, 0n)).toBeNull();
  });
});
