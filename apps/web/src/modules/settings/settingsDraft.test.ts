import { defaultSettings } from '@sgx/contracts';
import { describe, expect, it } from 'vitest';
import { checkDraft, diffSettings, toDraft } from './settingsDraft';

describe('settings draft', () => {
  it('round-trips the settings unchanged', () => {
    const checked = checkDraft(toDraft(defaultSettings));
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(diffSettings(defaultSettings, checked.settings)).toEqual({ changes: [], patch: {} });
  });

  it("sends the hot wallet's policy as a block, in words the approver reads", () => {
    const draft = toDraft(defaultSettings);
    draft.hotWalletPolicy.perPayout = '50';
    const checked = checkDraft(draft);
    if (!checked.ok) throw new Error('expected valid');
    const { changes, patch } = diffSettings(defaultSettings, checked.settings);
    expect(patch).toEqual({ hotWalletPolicy: { perPayout: '50', perMemberDay: '1000', perDay: '10000' } });
    expect(changes.map((c) => `${c.label}: ${c.before} -> ${c.after}`)).toEqual([
      'Hot wallet: each payout at most: 100 USD -> 50 USD',
    ]);
    draft.hotWalletPolicy.perDay = 'lots';
    const refused = checkDraft(draft);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(Object.keys(refused.errors)).toEqual(['hotWalletPolicy.perDay']);
  });

  it('sends only what changed: one switch, one level, the whole withdrawal block', () => {
    const draft = toDraft(defaultSettings);
    draft.features.withdrawal = false;
    draft.levelPercents[2] = '4.5';
    draft.withdrawal.roiFeePercent = '6';
    draft.decimals.entryFee = '10.0';
    const checked = checkDraft(draft);
    if (!checked.ok) throw new Error('expected valid');
    const { changes, patch } = diffSettings(defaultSettings, checked.settings);
    expect(Object.keys(patch).sort()).toEqual(['features', 'levelPercents', 'withdrawal']);
    expect(patch.features).toEqual({ withdrawal: false });
    expect(patch.levelPercents?.[2]).toBe('4.5');
    expect(patch.withdrawal?.roiFeePercent).toBe('6');
    expect(patch.withdrawal?.workingMinimum).toBe('20');
    expect(patch.entryFee).toBeUndefined();
    expect(changes.map((c) => `${c.label}: ${c.before} -> ${c.after}`)).toEqual([
      'Withdrawals: On -> Off',
      'Level 3 income: 4% -> 4.5%',
      'ROI withdrawal fee: 5% -> 6%',
    ]);
  });

  it('lists every decimal setting the server sends, including ones it adds later', () => {
    const withNew = { ...defaultSettings, someNewPercent: '2.5' } as typeof defaultSettings;
    const draft = toDraft(withNew);
    expect(Object.keys(draft.decimals)).toContain('someNewPercent');
    expect(Object.keys(draft.decimals)).not.toContain('usernamePrefix');
    draft.decimals.someNewPercent = '3';
    const { changes, patch } = diffSettings(withNew, {
      ...withNew,
      someNewPercent: '3',
    } as typeof defaultSettings);
    expect(changes).toEqual([{ key: 'someNewPercent', label: 'Some new', before: '2.5%', after: '3%' }]);
    expect(patch).toEqual({ someNewPercent: '3' });
  });

  it('names the fields that are not valid', () => {
    const draft = toDraft(defaultSettings);
    draft.withdrawal.workingFeePercent = '1,5';
    draft.levelUnlockDirects[0] = 'x';
    draft.salaryTiers[1] = { directs: '0', amount: '60' };
    const checked = checkDraft(draft);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors['withdrawal.workingFeePercent']).toMatch(/decimal/);
    expect(checked.errors['levelUnlockDirects.0']).toBe('Enter a whole number.');
    expect(checked.errors['salaryTiers.1.directs']).toBeDefined();
  });

  it("edits the solvency alert's days as a whole number from 1 to 3650, sent alone", () => {
    const draft = toDraft(defaultSettings);
    expect(draft.wholes).toEqual({ solvencyRunwayAlertDays: '90', identityDocumentRetentionDays: '1825' });
    draft.wholes.solvencyRunwayAlertDays = '120';
    const checked = checkDraft(draft);
    if (!checked.ok) throw new Error('expected valid');
    const { changes, patch } = diffSettings(defaultSettings, checked.settings);
    expect(patch).toEqual({ solvencyRunwayAlertDays: 120 });
    expect(changes.map((c) => `${c.label}: ${c.before} -> ${c.after}`)).toEqual([
      'Solvency warning threshold (days): 90 -> 120',
    ]);
    const refusal = (text: string) => {
      draft.wholes.solvencyRunwayAlertDays = text;
      const result = checkDraft(draft);
      return result.ok ? null : result.errors.solvencyRunwayAlertDays;
    };
    expect(refusal('0')).toBe('At least 1 day.');
    expect(refusal('3651')).toBe('At most 3650 days.');
    expect(refusal('1.5')).toBe('Enter a whole number.');
    expect(refusal('')).toBe('Enter a whole number.');
    expect(refusal('3650')).toBeNull();
    expect(refusal(' 1 ')).toBeNull();
  });
});
