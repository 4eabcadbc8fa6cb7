import type { PlanRecord } from '@sgx/contracts';
import { describe, expect, it } from 'vitest';
import type { PlanInput } from './api/plansAdminApi';
import { economicChanges, editBody, immediateChanges, newPlanTerms } from './planChanges';

const plan: PlanRecord = {
  id: 3,
  name: 'Bronze',
  monthly_price: '100.00000000',
  ROI_day: '0.50000000',
  Sponser_bonus: '5.00000000',
  plan_period: 365,
  description: 'Starter',
  type: 'investment',
  active: true,
};
const same: PlanInput = {
  name: 'Bronze',
  monthly_price: '100',
  ROI_day: '0.5',
  Sponser_bonus: '5',
  plan_period: 365,
  description: 'Starter',
  type: 'investment',
  active: true,
};

describe('a plan edit split as the API applies it (decision 0070)', () => {
  it('sees no change when the amounts only differ in padding', () => {
    expect(economicChanges(plan, same)).toEqual([]);
    expect(immediateChanges(plan, same)).toEqual([]);
    expect(editBody(plan, same, 'why')).toEqual({});
  });

  it('lists an economic change old → new, and sends it with the reason', () => {
    const body = { ...same, ROI_day: '1', name: 'Bronze plus' };
    expect(economicChanges(plan, body)).toEqual([{ field: 'ROI_day', before: '0.5%', after: '1%' }]);
    expect(immediateChanges(plan, body)).toEqual([{ field: 'name', before: 'Bronze', after: 'Bronze plus' }]);
    expect(editBody(plan, body, '  market rate  ')).toEqual({
      ROI_day: '1',
      name: 'Bronze plus',
      reason: 'market rate',
    });
  });

  it('sends no reason with a change that applies at once, nor an empty one', () => {
    expect(editBody(plan, { ...same, active: false }, 'why')).toEqual({ active: false });
    expect(editBody(plan, { ...same, plan_period: 180 }, ' ')).toEqual({ plan_period: 180 });
    expect(economicChanges(plan, { ...same, plan_period: 180 })[0]).toMatchObject({
      before: '365 days',
      after: '180 days',
    });
  });

  it("reads a new plan's terms", () => {
    expect(newPlanTerms(same).map((c) => c.after)).toEqual(['Bronze', '100', '0.5%', '5%', '365 days']);
  });
});
