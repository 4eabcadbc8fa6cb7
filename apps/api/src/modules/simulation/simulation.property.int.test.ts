import { parseUnits } from '@sgx/money';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildMember } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit } from '../../../test/money';
import type { Principal } from '../../http/principal';
import { RoiService, WATCH_SECONDS } from '../income/roi.service';
import { currentRules } from '../rules/rule-versions';
import { creditedSince } from './simulation.fixture';
import { replay, versionsInForce } from './simulation.replay';

/**
 * The replay's fidelity on generated economies (decision 0069): random sponsor trees, plans, caps, level rates and
 * unlocks, purchases, daily claims, blocked members and a change of the rules half-way, all played through the real
 * services on the real PostgreSQL; the replay of each economy's window under the rule versions in force must give
 * back every member's credits of every capped type, to the unit. Small caps make the cap cut inside segments (the
 * replay's event-by-event path), unlocks in the window cut pieces, a second plan or a retopup starts a segment, and
 * a blocked upline's refused levels are read back from income_skips.
 */
const member = (userId: bigint): Principal => ({ userId, role: 'user', sessionId: 0n, secondFactor: 'ok' });
const DAY_MS = 86_400_000;

let t: TestApp;
let adminId: bigint;
let day = 0;
const BASE = Date.parse('2031-01-01T10:00:00Z');
beforeAll(async () => {
  t = await buildTestApp();
  adminId = (await buildAdmin(t.deps)).id;
  await t.deps.db
    .insertInto('videos')
    .values({ title: 'Daily', url: 'https://example.com/v', description: 'watch' })
    .execute();
}, 60_000);
afterAll(() => t?.close());

/**
 * This file once ran to its 600 s time-out in a full parallel run (alone it takes seconds; the cause is not known):
 * past 120 s and 300 s it prints what its database's sessions wait on, so the next time says why.
 */
async function sessionsOfThisDatabase(): Promise<void> {
  const { rows } = await sqlOn(
    t.url,
    `SELECT pid, state, wait_event_type, wait_event, now() - xact_start AS in_xact, pg_blocking_pids(pid) AS blocked_by,
            left(query, 200) AS query
       FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  console.error('simulation.property: still running; its database sessions:', JSON.stringify(rows, null, 1));
}
const watchdogs = [120_000, 300_000].map((ms) =>
  setTimeout(() => void sessionsOfThisDatabase().catch((err: unknown) => console.error(err)), ms).unref(),
);
afterAll(() => {
  for (const w of watchdogs) clearTimeout(w);
});

const percent = fc.constantFrom('0', '5', '10', '20');
const rules = fc.record({
  cap: fc.constantFrom('0.3', '0.6', '1', '3'),
  levels: fc.array(percent, { minLength: 10, maxLength: 10 }),
  unlocks: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 10, maxLength: 10 }),
});
const action = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      who: fc.nat(),
      plan: fc.nat(1),
      retopup: fc.boolean(),
    }),
  },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('claim' as const), who: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('block' as const), who: fc.nat(), on: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rules' as const), rules }) },
);
const economyArb = fc.record({
  plans: fc.array(
    fc.record({ roi: fc.constantFrom('1', '10', '40'), bonus: fc.constantFrom('0', '5', '10') }),
    { minLength: 2, maxLength: 2 },
  ),
  rules,
  sponsors: fc.array(fc.nat(), { minLength: 3, maxLength: 9 }),
  actions: fc.array(action, { minLength: 10, maxLength: 40 }),
});

type Economy = typeof economyArb extends fc.Arbitrary<infer T> ? T : never;
const capCut: Economy = {
  plans: [
    { roi: '40', bonus: '0' },
    { roi: '40', bonus: '0' },
  ],
  rules: { cap: '0.3', levels: Array(10).fill('0'), unlocks: Array(10).fill(0) },
  sponsors: [0, 0, 0],
  actions: [
    { kind: 'buy', who: 1, plan: 0, retopup: false },
    { kind: 'claim', who: 1 },
    { kind: 'claim', who: 1 },
  ],
};
type Rules = Economy['rules'];

async function applyRules(r: Rules) {
  await t.deps.settings.change(
    adminId,
    { earningCapMultiplier: r.cap, levelPercents: r.levels, levelUnlockDirects: r.unlocks },
    'generated economy',
  );
}

/** Plays one economy through the services; returns when its window began. */
async function play(e: Economy): Promise<Date> {
  const deps = t.deps;
  let now = new Date(BASE);
  const roi = new RoiService(deps.db, deps.settings, () => now);
  const planIds: bigint[] = [];
  for (const [i, p] of e.plans.entries()) {
    const row = await deps.db
      .insertInto('plans')
      .values({
        name: `G${day}-${i}`,
        monthly_price: parseUnits('100'),
        roi_day: parseUnits(p.roi),
        sponsor_bonus: parseUnits(p.bonus),
        plan_period: 365,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    planIds.push(row.id);
  }
  const from = new Date();
  await applyRules(e.rules);
  const people: Built[] = [await buildMember(deps)];
  for (const s of e.sponsors) {
    const sponsor = people[s % people.length] as Built;
    people.push(await buildMember(deps, { sponsorId: sponsor.id }));
  }
  let n = 0;
  for (const a of e.actions) {
    if (a.kind === 'rules') {
      await applyRules(a.rules);
      continue;
    }
    const who = people[a.who % people.length] as Built;
    if (a.kind === 'block') {
      await sqlOn(t.url, 'UPDATE users SET status = $2 WHERE id = $1', [who.id, a.on ? 'block' : 'unblock']);
    } else if (a.kind === 'buy') {
      const amount = a.plan === 0 ? '100' : '200';
      await fundDeposit(deps, who.id, amount);
      await deps.topups
        .topup(member(who.id), {
          payer: who.id,
          receiver: who.id,
          planId: planIds[a.plan] as bigint,
          amount: parseUnits(amount),
          kind: a.retopup ? 'retopup' : 'topup',
          requestKey: `gen-${who.id}-${n++}`,
        })
        .catch(() => undefined); // refused (a retopup without a plan, a blocked member): no history
    } else {
      day++;
      now = new Date(BASE + day * DAY_MS);
      await roi
        .startWatch(member(who.id))
        .then(() => {
          now = new Date(BASE + day * DAY_MS + (WATCH_SECONDS + 5) * 1000);
          return roi.claim(member(who.id), who.id);
        })
        .catch(() => undefined); // refused (no plan, blocked, closed): the refusal is its history
    }
  }
  return from;
}

/** Rows as texts, in one order. */
const byMember = (rows: { member_id: unknown; income_type: string; paid: unknown }[]) =>
  rows
    .map((r) => ({ member_id: String(r.member_id), income_type: r.income_type, paid: String(r.paid) }))
    .sort((a, b) => a.member_id.localeCompare(b.member_id) || a.income_type.localeCompare(b.income_type));

describe('the replay under the rules in force gives back the credits of generated economies', () => {
  it('every member and type, to the unit', async () => {
    let cuts = 0;
    await fc.assert(
      fc.asyncProperty(economyArb, async (e) => {
        const from = await play(e);
        const to = new Date(Date.now() + 1000);
        const versions = await versionsInForce(t.deps.db, from, to, await currentRules(t.deps.db));
        const credited = await creditedSince(t.url, from);
        // A day's steps (the whole window in one) and steps of 2 ms (the crossing searched over many).
        for (const bucketMs of [DAY_MS, 2]) {
          const replayed = await replay(t.deps.db, from, to, versions, bucketMs);
          cuts += replayed.filter((r) => r.cut).length;
          expect(byMember(replayed.filter((r) => r.paid !== 0n))).toEqual(byMember(credited));
        }
      }),
      // One economy that surely reaches the cap inside a claim (a 100 plan at 40 % a day under a 0.3x cap), so the
      // event-by-event path is played in every run, whatever the generated ones reach.
      { numRuns: 25, examples: [[capCut]] },
    );
    // The runs reached the cap (the event-by-event path), not only the paths where the dues fit.
    expect(cuts).toBeGreaterThan(0);
  }, 600_000);
});
