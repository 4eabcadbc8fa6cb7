/**
 * `npm run bench:scale`, step 1: the members to load, built set-based in staging tables of the loading
 * session (INSERT ... SELECT generate_series, chunked): the referral tree, plans, dates, the team
 * counters, and every income with the earning cap applied. Nothing here touches the app's tables.
 */
import type pg from 'pg';

export type Layout = {
  n: number;
  /** users.id = base + i for member i (1-based). */
  base: number;
  leaderDirects: number;
  chains: { start: number; length: number }[];
  /** First member placed under a random earlier member. */
  randomFrom: number;
  historyDays: number;
};

/**
 * Member 1 is the company root, member 2 the leader with thousands of directs (members 3..), then a few
 * chains each 2,000 deep (each under a random earlier member), then everyone else under a random earlier
 * member (so a few also land under the chains, which makes them deeper still).
 */
export function layoutFor(n: number, base: number, historyDays: number): Layout {
  if (n < 100) throw new Error('--members must be at least 100');
  const leaderDirects = Math.min(5000, Math.floor(n / 4));
  const length = Math.min(2000, Math.floor(n / 5));
  const count = n >= 100_000 ? 3 : n >= 10_000 ? 2 : 1;
  const first = 3 + leaderDirects;
  const chains = Array.from({ length: count }, (_, c) => ({ start: first + c * length, length }));
  return { n, base, leaderDirects, chains, randomFrom: first + count * length, historyDays };
}

export const CHUNK = 50_000;

/** Uniform integer in [0, m) from member i and a stream number, the same on every run. */
const pick = (stream: number, m: string) =>
  `((hashint8extended(i::bigint, ${stream}) & 2147483647) % (${m}))`;

export async function stageMembers(c: pg.Client, l: Layout, log: (m: string) => void): Promise<void> {
  await c.query(`CREATE TEMP TABLE bench_m (
    i int PRIMARY KEY, sponsor int, plan_id bigint, plan bigint NOT NULL, roi_day bigint NOT NULL,
    created_at timestamptz NOT NULL, activated_at timestamptz, deposit bigint NOT NULL)`);
  const chainCase = l.chains
    .map((ch) => `WHEN i > ${ch.start} AND i < ${ch.start + ch.length} THEN i - 1`)
    .join(' ');
  for (let lo = 1; lo <= l.n; lo += CHUNK) {
    const hi = Math.min(l.n, lo + CHUNK - 1);
    await c.query(
      `WITH p AS (SELECT row_number() OVER (ORDER BY monthly_price, id)::int AS tier, id, monthly_price, roi_day FROM plans),
      s AS (
        SELECT i,
          CASE WHEN i = 1 THEN NULL WHEN i = 2 THEN 1 WHEN i < ${3 + l.leaderDirects} THEN 2 ${chainCase}
               ELSE 1 + ${pick(1, 'i - 1')} END AS sponsor,
          (i < ${l.randomFrom} OR ${pick(2, '100')} >= 15) AS active,
          CASE WHEN i <= 2 THEN 3 ELSE (ARRAY[1, 1, 1, 1, 1, 1, 2, 2, 2, 3])[1 + ${pick(3, '10')}] END AS tier,
          now() - interval '2 hours' - make_interval(secs => 180 * 86400.0 * (${l.n} - i) / ${l.n}) AS created_at
        FROM generate_series($1::int, $2::int) AS i
      )
      INSERT INTO bench_m (i, sponsor, plan_id, plan, roi_day, created_at, activated_at, deposit)
      SELECT s.i, s.sponsor, CASE WHEN s.active THEN p.id END, x.plan, p.roi_day, s.created_at,
             CASE WHEN s.active THEN s.created_at + interval '1 hour' END, x.plan + 5000000000
      FROM s JOIN p ON p.tier = s.tier
      CROSS JOIN LATERAL (SELECT CASE WHEN NOT s.active THEN 0 WHEN s.i = 1 THEN 5000000000000
                                      WHEN s.i = 2 THEN 10000000000000 ELSE p.monthly_price END::bigint AS plan) x`,
      [lo, hi],
    );
  }
  log(`  staged ${l.n.toLocaleString('en')} members (tree, plans, dates)`);

  // Team counters in one pass from the last member to the first: a sponsor is always an earlier member,
  // so each member's team is complete before it is added to its sponsor's.
  await c.query(`DO $$
    DECLARE
      n int := (SELECT max(i) FROM bench_m);
      team int[] := array_fill(0, ARRAY[n]);
      biz bigint[] := array_fill(0::bigint, ARRAY[n]);
      act int[] := array_fill(0, ARRAY[n]);
      r record;
    BEGIN
      FOR r IN SELECT i, sponsor, plan FROM bench_m WHERE sponsor IS NOT NULL ORDER BY i DESC LOOP
        team[r.sponsor] := team[r.sponsor] + team[r.i] + 1;
        biz[r.sponsor] := biz[r.sponsor] + biz[r.i] + r.plan;
        IF r.plan > 0 THEN act[r.sponsor] := act[r.sponsor] + 1; END IF;
      END LOOP;
      CREATE TEMP TABLE bench_c AS
        SELECT x.i::int AS i, x.team, x.business, x.active
        FROM unnest(team, biz, act) WITH ORDINALITY AS x (team, business, active, i) WHERE x.team > 0;
      ALTER TABLE bench_c ADD PRIMARY KEY (i);
    END $$`);
  log('  team counters computed');

  // Income: the sponsor's direct income (5 % of each plan bought; skipped when the sponsor has no plan),
  // and `historyDays` days of ROI claimed by every member holding a plan.
  await c.query(`CREATE TEMP TABLE bench_inc (
    seq bigserial PRIMARY KEY, i int NOT NULL, src int, type text NOT NULL, wallet text NOT NULL, amount bigint NOT NULL,
    key text NOT NULL, at timestamptz NOT NULL, day date, plan bigint NOT NULL, pay bigint, earned_before bigint)`);
  for (let lo = 1; lo <= l.n; lo += CHUNK) {
    const hi = Math.min(l.n, lo + CHUNK - 1);
    await c.query(
      `INSERT INTO bench_inc (i, src, type, wallet, amount, key, at, plan)
       SELECT m.sponsor, m.i, 'direct_income', 'working', m.plan * 5 / 100, 'direct:' || m.i, m.activated_at, s.plan
       FROM bench_m m JOIN bench_m s ON s.i = m.sponsor
       WHERE m.i BETWEEN $1 AND $2 AND m.plan > 0`,
      [lo, hi],
    );
    await c.query(
      `INSERT INTO bench_inc (i, type, wallet, amount, key, at, day, plan)
       SELECT m.i, 'roi_income', 'non_working', round(m.plan::numeric * m.roi_day / 10000000000)::bigint, 'roi:' || (${l.base} + m.i) || ':' || d.day,
              d.day + interval '9 hours', d.day, m.plan
       FROM bench_m m
       CROSS JOIN LATERAL (SELECT (current_date - k)::date AS day FROM generate_series(1, ${l.historyDays}) AS k) d
       WHERE m.i BETWEEN $1 AND $2 AND m.plan > 0 AND m.activated_at < d.day`,
      [lo, hi],
    );
  }
  // The earning cap (3x the plan): what a member has been paid after k credits is min(sum of the first k
  // amounts, cap), so each credit pays the difference; a member without a plan is paid nothing.
  await c.query(`UPDATE bench_inc b SET pay = x.upto - x.before, earned_before = x.before
    FROM (SELECT seq, least(run, plan * 3) AS upto, least(run - amount, plan * 3) AS before
          FROM (SELECT seq, amount, plan, sum(amount) OVER (PARTITION BY i ORDER BY at, key ROWS UNBOUNDED PRECEDING) AS run
                FROM bench_inc) y) x
    WHERE x.seq = b.seq`);
  await c.query('CREATE INDEX ON bench_inc (i)');
  await c.query('ANALYZE bench_m; ANALYZE bench_c; ANALYZE bench_inc');
  const { rows } = await c.query<{ n: string; paid: string }>(
    'SELECT count(*) AS n, count(*) FILTER (WHERE pay > 0) AS paid FROM bench_inc',
  );
  log(
    `  staged ${Number(rows[0]?.n).toLocaleString('en')} income credits (${Number(rows[0]?.paid).toLocaleString('en')} paid under the cap)`,
  );
}
