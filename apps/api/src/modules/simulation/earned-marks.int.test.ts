import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { post } from '../ledger/ledger.service';
import { backdate } from '../statements/statements.fixture';
import { closeEarnedMarks } from './earned-marks';
import { type History, loadHistory } from './replay-load';

/**
 * Members' income marked at the start of UTC days (decision 0069, db/functions/earned_marks_close.sql): each mark is
 * what the ledger credited before its day; the marks kept are the ones the rule keeps; and the simulator's window
 * read through the marks is the window read from the ledger alone.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

/** What a window's read gives: every member's earnings at its start and its credits, in a fixed order. */
const summary = (h: History) => ({
  earned0: h.members.map((m) => [m.id, String(m.earned0)]),
  credits: h.credits
    .map((c) => [c.member, c.type, String(c.amount)] as const)
    .sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1])),
});

describe('income marks at the start of days', () => {
  let t: TestApp;
  const now = new Date();
  const today = dayOf(now);

  beforeAll(async () => {
    t = await buildTestApp();
    const members = [await buildMember(t.deps), await buildMember(t.deps), await buildMember(t.deps)];
    // Twelve days of income of every kind the marks count (and a reversal, and a credit to a wallet that is not
    // income), each moved back to its day; the capped ones added to the member's earnings as the real credits do.
    const moves: { id: bigint; at: Date }[] = [];
    const types = [
      ['roi_income', 'working'],
      ['level_month', 'non_working'],
      ['direct_income', 'working'],
      ['cto', 'working'],
    ] as const;
    let k = 0;
    for (let day = 0; day < 12; day++) {
      for (const [i, who] of members.entries()) {
        const [type, kind] = types[(day + i) % types.length] as (typeof types)[number];
        const amount = BigInt(100_000_000 * (day + 1) + i * 7);
        const signed = day === 8 && i === 0 ? -amount / 2n : amount;
        const posted = await t.deps.db.transaction().execute((tx) =>
          post(tx, {
            key: `test-mark:${randomUUID()}`,
            kind: 'income',
            incomeType: type,
            memberId: who.id,
            entries: [
              { account: { owner: who.id, kind }, amount: signed },
              { account: { owner: null, kind: 'income_expense' }, amount: -signed },
            ],
          }),
        );
        if (type !== 'cto') {
          await sqlOn(t.url, 'UPDATE users SET total_earned = total_earned + $2 WHERE id = $1', [
            String(who.id),
            String(signed),
          ]);
        }
        // Spread over the day and the hours around midnight, the marks' edges.
        moves.push({
          id: posted.transactionId,
          at: new Date(now.getTime() - day * DAY_MS - (k++ % 5) * 5 * HOUR_MS),
        });
      }
    }
    await backdate(t.url, moves);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Windows whose edges fall inside days, on days, before every mark and in the same day. */
  const windows = () => [
    [new Date(now.getTime() - 9.3 * DAY_MS), new Date(now.getTime() - 2.6 * DAY_MS)],
    [new Date(now.getTime() - 3.2 * DAY_MS), now],
    [
      new Date(Date.parse(`${addDays(today, -4)}T00:00:00Z`)),
      new Date(Date.parse(`${addDays(today, -1)}T00:00:00Z`)),
    ],
    [new Date(now.getTime() - 30 * DAY_MS), new Date(now.getTime() - 0.2 * DAY_MS)],
    [new Date(now.getTime() - 2.2 * DAY_MS), new Date(now.getTime() - 2.1 * DAY_MS)],
  ];

  it('marks each kept day with what the ledger credited before it, reads windows through them as the ledger alone, and keeps only the kept days', async () => {
    const fromLedger = [];
    for (const [from, to] of windows())
      fromLedger.push(summary(await loadHistory(t.deps.db, from as Date, to as Date)));

    expect(await closeEarnedMarks(t.deps.db, now)).toBe(
      dayOf(new Date(Math.floor((now.getTime() - 10 * 60_000) / HOUR_MS) * HOUR_MS)),
    );
    const latest = (await sqlOn(t.url, 'SELECT max(day)::text AS d FROM earned_mark_days')).rows[0]
      .d as string;
    // The days marked: those the rule keeps, back 400 days.
    const kept = (day: string, last: string) => {
      const d = new Date(`${day}T00:00:00Z`);
      const back = (Date.parse(`${last}T00:00:00Z`) - d.getTime()) / DAY_MS;
      return back <= 7 || (d.getUTCDay() === 1 && back <= 100) || (d.getUTCDate() === 1 && back <= 400);
    };
    const expected = Array.from({ length: 401 }, (_, n) => addDays(latest, -n)).filter((d) =>
      kept(d, latest),
    );
    const days = async () =>
      (await sqlOn(t.url, 'SELECT day::text AS d FROM earned_mark_days ORDER BY day DESC')).rows.map(
        (r) => r.d,
      );
    expect(await days()).toEqual(expected);
    // Every mark is the ledger's income credited to the wallets before its day.
    const differing = async () =>
      (
        await sqlOn(
          t.url,
          `WITH truth AS (
             SELECT d.day, a.owner_id AS member_id, t.income_type, sum(e.amount) AS amount
             FROM earned_mark_days d
             JOIN ledger_transactions t ON t.created_at < d.day::timestamp AT TIME ZONE 'UTC' AND t.income_type IS NOT NULL
             JOIN ledger_entries e ON e.transaction_id = t.id
             JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('working', 'non_working')
             GROUP BY 1, 2, 3 HAVING sum(e.amount) <> 0)
           SELECT count(*)::int AS n, (SELECT count(*) FROM earned_marks)::int AS marks FROM truth
           FULL JOIN earned_marks m USING (day, member_id, income_type)
           WHERE truth.amount IS DISTINCT FROM m.amount`,
        )
      ).rows[0] as { n: number; marks: number };
    expect(await differing()).toEqual({ n: 0, marks: expect.any(Number) });
    expect((await differing()).marks).toBeGreaterThan(20);

    // The windows read through the marks are the windows read from the ledger.
    const fromMarks = [];
    for (const [from, to] of windows())
      fromMarks.push(summary(await loadHistory(t.deps.db, from as Date, to as Date)));
    expect(fromMarks).toEqual(fromLedger);
    expect(fromLedger[1]?.credits.length).toBeGreaterThan(3);

    // Idempotent: a second run adds and changes nothing.
    const before = (await sqlOn(t.url, 'SELECT day::text, made_at FROM earned_mark_days ORDER BY day')).rows;
    await closeEarnedMarks(t.deps.db, now);
    expect((await sqlOn(t.url, 'SELECT day::text, made_at FROM earned_mark_days ORDER BY day')).rows).toEqual(
      before,
    );

    // The reads do use the marks: a mark changed by hand changes the window's figures.
    const from = new Date(now.getTime() - 9.3 * DAY_MS);
    const to = new Date(now.getTime() - 2.6 * DAY_MS);
    await sqlOn(t.url, 'UPDATE earned_marks SET amount = amount + 1 WHERE day = $1', [dayOf(to)]);
    expect(summary(await loadHistory(t.deps.db, from, to))).not.toEqual(fromLedger[0]);
    await sqlOn(t.url, 'UPDATE earned_marks SET amount = amount - 1 WHERE day = $1', [dayOf(to)]);

    // Twenty days on, the days marked since are added and those no longer kept deleted.
    const later = new Date(now.getTime() + 20 * DAY_MS);
    const last = (await closeEarnedMarks(t.deps.db, later)) as string;
    expect(last).toBe(addDays(latest, 20));
    expect(await days()).toEqual(
      Array.from({ length: 401 }, (_, n) => addDays(last, -n)).filter((d) => kept(d, last)),
    );
    expect((await differing()).n).toBe(0);
  });
});
