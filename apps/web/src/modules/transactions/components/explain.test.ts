import { describe, expect, it } from 'vitest';
import { explainDetails } from './explain';

// A level credit's details as the claim writes them (roi_claim.sql) and the ledger completes them
// (ledger_post_many.sql names the rule version): amounts in 10^-8 units.
const credit = {
  rule: 'level income',
  level: 1,
  rate_percent: '10.00000000',
  base: '50000000',
  due: '5000000',
  paid: '5000000',
  cap: '30000000000',
  earned_before: '29990000000',
  rule_version: 3,
};

describe('an income row explained (decision 0070)', () => {
  it('says the rule, the rate, the base, the cap left after the credit and the rules version', () => {
    const phrases = explainDetails(credit);
    expect(phrases).toContain('level income');
    expect(phrases).toContain('rules version 3');
    // 300.00 cap - 299.90 earned before - 0.05 paid = 0.05 left.
    expect(phrases).toContain('earned before $299.90 · cap left after it $0.05');
  });

  it('never shows a negative cap left, and leaves it out when the cap is unknown', () => {
    expect(explainDetails({ ...credit, earned_before: '30000000000' })).toContain(
      'earned before $300.00 · cap left after it $0.00',
    );
    expect(explainDetails({ ...credit, cap: null })).toContain('earned before $299.90');
  });
});
