import { defaultSettings } from '@sgx/contracts';
import { describe, expect, it } from 'vitest';
import { sqlRefusal } from '../../http/sql-errors';
import { identityLimitRefusal, identityLimitSay, identityLimitsParam } from './limits';

describe('the identity limits given to SQL and said to the member (decision 0073)', () => {
  it('passes the setting in 10^-8 units, null for no limit, one text per settings object', () => {
    const param = identityLimitsParam(defaultSettings);
    expect(JSON.parse(param)[0]).toEqual({
      depositDay: '100000000000',
      withdrawalDay: '10000000000',
      withdrawalMonth: '30000000000',
      largestPlan: '50000000000',
      transferDay: '10000000000',
    });
    expect(JSON.parse(param)[2].withdrawalDay).toBeNull();
    expect(identityLimitsParam(defaultSettings)).toBe(param);
  });

  it('names the limit and the level that lifts it, each action and window its own sentence', () => {
    const say = (detail: string) => identityLimitRefusal(detail).message;
    expect(say('withdrawal month 30000000000 0 1 25000000000')).toBe(
      'This is more than your identity level allows (withdrawals of 300.00 USD in 30 days). Verify your identity to level 1 to raise it: Profile > Identity.',
    );
    expect(say('deposit day 100000000000 0 1 0')).toContain('deposits of 1,000.00 USD a day');
    expect(say('plan plan 50000000000 0 2 0')).toContain(
      '(a plan of up to 500.00 USD). Verify your identity to level 2',
    );
    expect(say('transfer day 500000000000 2 - 0')).toBe(
      'This is more than your identity level allows (transfers of 5,000.00 USD a day).',
    );
    const err = sqlRefusal(
      { code: 'SX601', detail: 'withdrawal day 10000000000 0 1 6000000000' },
      identityLimitSay,
    );
    expect([err?.status, err?.code, err?.details]).toEqual([
      422,
      'BUSINESS_RULE',
      { action: ['withdrawal'], limit: ['100.00'], window: ['day'], level: ['0'], next_level: ['1'] },
    ]);
    // Without the caller's text the registry leaves it a fault (the text depends on the request).
    expect(sqlRefusal({ code: 'SX601', detail: 'x' })).toBeUndefined();
  });
});
