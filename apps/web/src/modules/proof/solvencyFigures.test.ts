import { describe, expect, it } from 'vitest';
import { coveragePercent, runwayKey } from './solvencyFigures';

describe('the public solvency figures', () => {
  it('writes coverage as an exact percentage with two places', () => {
    expect(coveragePercent('1.3245')).toBe('132.45%');
    expect(coveragePercent('0.0000')).toBe('0.00%');
    expect(coveragePercent('0.0001')).toBe('0.01%');
    expect(coveragePercent('12.5000')).toBe('1,250.00%');
  });

  it('has no percentage without a ratio', () => {
    expect(coveragePercent(null)).toBeNull();
    expect(coveragePercent(undefined)).toBeNull();
    expect(coveragePercent('lots')).toBeNull();
  });

  it('says a year or more at the horizon, and one day in the singular', () => {
    expect(runwayKey(365)).toEqual({ key: 'yearOrMore', n: 365 });
    expect(runwayKey(0)).toEqual({ key: 'dayMany', n: 0 });
    expect(runwayKey(1)).toEqual({ key: 'dayOne', n: 1 });
    expect(runwayKey(89)).toEqual({ key: 'dayMany', n: 89 });
  });
});
