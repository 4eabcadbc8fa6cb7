import { parseUnits } from '@sgx/money';
import { describe, expect, it } from 'vitest';
import { type EngineMember, type EngineVersion, memberAtStart, runReplay } from './replay-engine';

/**
 * The replay engine on economies small enough to pay by hand (decision 0069). The fidelity against the real services
 * is the integration tests' (simulation.int.test.ts, simulation.property.int.test.ts); these pin the rules that
 * generated economies reach only now and then: the closure a raised cap does not lift, a purchase that lifts it, a
 * downline's cut claim paying its uplines' levels, and the order of events within the step the cap is crossed in.
 */
const DAY = 86_400e6;
const u = (s: string) => parseUnits(s);
const PLAN = 1;

function version(from: number, cap: string, over: Partial<EngineVersion> = {}): EngineVersion {
  return {
    from,
    cap: u(cap),
    levelRates: [u('10'), u('5'), null, null, null, null, null, null, null, null],
    levelUnlock: [0, 0, null, null, null, null, null, null, null, null],
    roiOn: true,
    levelOn: true,
    directOn: true,
    roiDay: new Map([[PLAN, u('10')]]),
    sponsorBonus: new Map([[PLAN, u('5')]]),
    ...over,
  };
}

function member(id: number, over: Partial<EngineMember> = {}): EngineMember {
  return {
    ...memberAtStart({ id, sponsor: null, plan0: u('100'), planId0: PLAN, earned0: 0n, d0: 1 }),
    ...over,
  };
}

/** Claims at noon of the given days; ids from `firstId`. */
function claims(days: number[], firstId: number) {
  return {
    claimTs: Float64Array.from(days.map((d) => d * DAY + DAY / 2)),
    claimIds: Float64Array.from(days.map((_, i) => firstId + i)),
  };
}

const rows = (out: Awaited<ReturnType<typeof runReplay>>) =>
  Object.fromEntries(
    out.map((r) => [`${r.memberId}:${r.incomeType}`, [String(r.due), String(r.paid), r.cut]]),
  );

describe('the replay engine', async () => {
  it('keeps a member closed at the cap when a later rule raises the cap, until they buy a plan', async () => {
    const days = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const base = member(1, { earned0: u('90'), ...claims(days, 100) });
    const versions = [version(-Infinity, '1'), version(5 * DAY, '3')];
    // Plan 100, ROI 10 a day, cap 1x = 100 from 90 earned: day 0 pays 10 and reaches the cap, which closes the ROI.
    // The 3x cap from day 5 does not open it: nothing more is paid.
    expect(rows(await runReplay({ versions, span: 10 * DAY, bucket: DAY, members: [base] }))).toEqual({
      '1:roi_income': [String(u('50')), String(u('10')), true],
    });
    // A plan bought on day 6 (a second 100: plan 200, cap 3x = 600) opens it again: the claims of days 6 to 9, after it, pay 20 each.
    const bought = {
      ...base,
      segTimes: [6 * DAY + DAY / 4],
      segPlans: [u('200')],
      segPlanIds: [PLAN],
    };
    expect(rows(await runReplay({ versions, span: 10 * DAY, bucket: DAY, members: [bought] }))).toEqual({
      '1:roi_income': [String(u('50') + u('80')), String(u('10') + u('80')), true],
    });
  });

  it('pays the uplines level income on what the downline was paid, the cut claim included', async () => {
    // B (under A) has 95 of a 100 cap: their first claim pays 5 of its 10, the rest nothing.
    const a = member(1, { ...claims([], 1) });
    const b = member(2, { sponsor: 1, earned0: u('95'), ...claims([0, 1, 2], 10) });
    const out = rows(
      await runReplay({ versions: [version(-Infinity, '1')], span: 3 * DAY, bucket: DAY, members: [a, b] }),
    );
    expect(out['2:roi_income']).toEqual([String(u('30')), String(u('5')), true]);
    // Level 1 is 10 % of what B was paid: 0.5, once.
    expect(out['1:level_month']).toEqual([String(u('0.5')), String(u('0.5')), false]);
  });

  it('pays the step the cap is crossed in event by event, in time order', async () => {
    // A has 99.5 of a 100 cap. On day 0 at noon their downline's claim (level 10 % of 10 = 1) comes one microsecond
    // before A's own claim: the level is cut to 0.5 and A's claim pays nothing.
    const a = member(1, {
      earned0: u('99.5'),
      claimTs: Float64Array.from([DAY / 2 + 1]),
      claimIds: Float64Array.from([7]),
    });
    const b = member(2, {
      sponsor: 1,
      claimTs: Float64Array.from([DAY / 2]),
      claimIds: Float64Array.from([8]),
    });
    const out = rows(
      await runReplay({ versions: [version(-Infinity, '1')], span: DAY, bucket: DAY, members: [a, b] }),
    );
    expect(out['1:level_month']).toEqual([String(u('1')), String(u('0.5')), true]);
    expect(out['1:roi_income']).toEqual([String(u('10')), '0', true]);
    expect(out['2:roi_income']).toEqual([String(u('10')), String(u('10')), false]);
  });

  it("leaves out the levels an upline's state refused, in the sums and in the crossing step", async () => {
    // A has 99.5 of a 100 cap and claims at 18:00 on day 0. B's claim at noon that day was refused at level 1 (A was
    // blocked then), so A's own claim is the one that reaches the cap: it pays 0.5, and the level of B's claim on
    // day 1 (10 % of 10 = 1, the only one due) nothing. Were the refusal missed, B's noon level would take the 0.5.
    const a = member(1, {
      earned0: u('99.5'),
      claimTs: Float64Array.from([DAY * 0.75]),
      claimIds: Float64Array.from([7]),
    });
    const b = member(2, { sponsor: 1, ...claims([0, 1], 30), levelRefused: new Map([[0, 1 << 1]]) });
    const versions = [version(-Infinity, '1')];
    const out = rows(await runReplay({ versions, span: 2 * DAY, bucket: DAY, members: [a, b] }));
    expect(out['1:roi_income']).toEqual([String(u('10')), String(u('0.5')), true]);
    expect(out['1:level_month']).toEqual([String(u('1')), '0', true]);
    // With room under the cap, everything due is paid: still only the one level not refused.
    const roomy = rows(
      await runReplay({ versions, span: 2 * DAY, bucket: DAY, members: [{ ...a, earned0: 0n }, b] }),
    );
    expect(roomy['1:level_month']).toEqual([String(u('1')), String(u('1')), false]);
  });

  it('unlocks a level when enough directs are active, from the time the last of them became active', async () => {
    // Level 2 needs 2 directs; A had 1 and a second became active on day 2: C's claims on days 0 to 3 (two levels
    // below A) pay A's level 2 from day 2 only, 5 % of 10 each.
    const versions = [
      version(-Infinity, '3', { levelUnlock: [0, 2, null, null, null, null, null, null, null, null] }),
    ];
    const a = member(1, { d0: 1, acts: [2 * DAY] });
    const b = member(2, { sponsor: 1 });
    const c = member(3, { sponsor: 2, ...claims([0, 1, 2, 3], 20) });
    const out = rows(await runReplay({ versions, span: 4 * DAY, bucket: DAY, members: [a, b, c] }));
    expect(out['1:level_month']).toEqual([String(u('1')), String(u('1')), false]);
    expect(out['2:level_month']).toEqual([String(u('4')), String(u('4')), false]);
  });
});
