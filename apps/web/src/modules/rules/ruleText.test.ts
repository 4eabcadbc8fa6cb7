import { defaultSettings } from '@sgx/contracts';
import { describe, expect, it } from 'vitest';
import { changeLine, ruleValue, settingsLines } from './ruleText';

describe('rule versions as admins read them (decision 0070)', () => {
  it('shows decimals without padding and a missing value as a dash', () => {
    expect(ruleValue('0.50000000')).toBe('0.5');
    expect(ruleValue('1.00000000')).toBe('1');
    expect(ruleValue('UTC')).toBe('UTC');
    expect(ruleValue(null)).toBe('—');
    expect(changeLine({ field: 'Plans plan 1 (Bronze) roi_day', from: '0.50000000', to: '1.00000000' })).toBe(
      'Plans plan 1 (Bronze) roi_day: 0.5 → 1',
    );
  });

  it('lists every setting once, named as the settings screen names it', () => {
    const lines = settingsLines(defaultSettings);
    expect(new Set(lines.map((l) => l.key)).size).toBe(lines.length);
    expect(lines.find((l) => l.key === 'levelPercents.0')).toMatchObject({
      label: 'Level 1 income',
      value: '10%',
    });
    expect(lines.find((l) => l.key === 'entryFee')?.value).toBe('10 USD');
    expect(lines.find((l) => l.key === 'features.registration')?.value).toBe('On');
    expect(lines.find((l) => l.key === 'solvencyRunwayAlertDays')?.value).toBe('90');
  });
});
