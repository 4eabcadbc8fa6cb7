import { describe, expect, it } from 'vitest';
import { riskSummary } from './riskSummary';

const s = (...flags: boolean[]) => flags.map((flagged) => ({ flagged }));

describe('riskSummary', () => {
  it('counts the flagged signals out of all', () => {
    expect(riskSummary(s(true, false, true, false, false, false, false, false))).toBe(
      '2 of 8 signals flagged',
    );
    expect(riskSummary(s(true))).toBe('1 of 1 signal flagged');
  });

  it('says when nothing is flagged, and when there is nothing at all', () => {
    expect(riskSummary(s(false, false, false))).toBe('Nothing flagged (3 signals checked)');
    expect(riskSummary(s(false))).toBe('Nothing flagged (1 signal checked)');
    expect(riskSummary([])).toBe('No risk signals');
  });
});
