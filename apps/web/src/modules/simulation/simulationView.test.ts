import { describe, expect, it } from 'vitest';
import { changeOf, isSimulatedKind, settingsProposal, signOf, touchesEconomicRules } from './simulationView';

describe('settingsProposal', () => {
  it('is null for a change of no economic rule (a switch, a threshold)', () => {
    expect(
      settingsProposal({ approvalThreshold: '500.00000000' }, [
        { key: 'approvalThreshold', label: 'Approval threshold' },
        { key: 'features.support', label: 'Support' },
      ]),
    ).toBeNull();
  });

  it('takes the modelled settings and names the other economic rules as not modelled', () => {
    const proposal = settingsProposal(
      {
        levelPercents: ['12', '5'],
        withdrawal: { roiFeePercent: '6' },
        approvalThreshold: '1',
      },
      [
        { key: 'levelPercents.0', label: 'Level 1 income' },
        { key: 'withdrawal.roiFeePercent', label: 'ROI withdrawal fee' },
        { key: 'approvalThreshold', label: 'Approval threshold' },
      ],
    );
    expect(proposal).toEqual({
      settings: { levelPercents: ['12', '5'] },
      unmodelled: ['ROI withdrawal fee'],
    });
  });

  it('sends no settings when only unmodelled rules change', () => {
    expect(settingsProposal({ salaryTiers: [] }, [{ key: 'salaryTiers', label: 'Salary tiers' }])).toEqual({
      unmodelled: ['Salary tiers'],
    });
  });
});

describe('figures', () => {
  it('computes the change exactly and its sign', () => {
    expect(changeOf('10.00000000', '7.50000000')).toBe('-2.50000000');
    expect(changeOf('0.10000000', '0.30000000')).toBe('0.20000000');
    expect(signOf('-0.00000001')).toBe(-1);
    expect(signOf('0.00000000')).toBe(0);
    expect(signOf('3.00000000')).toBe(1);
  });

  it('knows which requests are decided with a simulation', () => {
    expect(isSimulatedKind('settings')).toBe(true);
    expect(isSimulatedKind('plan')).toBe(true);
    expect(isSimulatedKind('withdrawal')).toBe(false);
    expect(touchesEconomicRules(['earningCapMultiplier'])).toBe(true);
    expect(touchesEconomicRules(['hotWalletPolicy.perDay'])).toBe(false);
  });
});
