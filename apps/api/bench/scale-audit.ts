/**
 * `npm run bench:scale`, the audit trail (decision 0042): N audit entries over a year (5,000,000 by default), spread
 * over the staff, the members and the kinds of actions, then every search of `/admin/audit` timed through
 * HTTP with the admin reads (target: under 100 ms of server time each).
 */
import type pg from 'pg';
import type { Read } from './scale-reads';

const KINDS = [
  ['user', 'member.update'],
  ['withdrawal', 'withdrawal.decline'],
  ['deposit', 'deposit.approve'],
  ['approval', 'approval.approve'],
  ['settings', 'settings.update'],
] as const;

/** Inserts `count` entries in chunks, oldest first (ids follow time, as they do when written live). */
export async function loadAuditRows(
  loader: pg.Client,
  o: { count: number; actors: number[]; firstMember: number; members: number },
  log: (line: string) => void,
): Promise<number> {
  const started = performance.now();
  // The trail is partitioned by month (decision 0095): the year's months are made first, so its entries land in
  // their months, not in the DEFAULT partition.
  await loader.query(`SELECT month_partition_create('audit_log', m::date) FROM generate_series(
      date_trunc('month', (now() - interval '365 days') AT TIME ZONE 'UTC'),
      date_trunc('month', now() AT TIME ZONE 'UTC'), interval '1 month') AS m`);
  const chunk = 500_000;
  const kinds = KINDS.map(([entity, action]) => `('${entity}','${action}')`).join(',');
  for (let from = 1; from <= o.count; from += chunk) {
    const to = Math.min(o.count, from + chunk - 1);
    await loader.query(
      `WITH k(entity, action, n) AS (SELECT e, a, row_number() OVER () - 1 FROM (VALUES ${kinds}) v(e, a))
       INSERT INTO audit_log (actor_id, action, entity, entity_id, member_id, reason, created_at)
       SELECT ($1::bigint[])[1 + (g % cardinality($1::bigint[]))::int],
              k.action, k.entity,
              CASE WHEN k.entity = 'settings' THEN NULL
                   WHEN k.entity = 'user' THEN ($2::bigint + (g * 7919) % $3::bigint)::text
                   ELSE (g % 1000000)::text END,
              CASE WHEN k.entity = 'settings' THEN NULL ELSE $2::bigint + (g * 7919) % $3::bigint END,
              'bench ' || g,
              now() - interval '365 days' + (g::float8 / $4::float8) * interval '365 days'
         FROM generate_series($5::bigint, $6::bigint) g
         JOIN k ON k.n = g % ${KINDS.length}`,
      [o.actors, o.firstMember, o.members, o.count, from, to],
    );
  }
  await loader.query('ANALYZE audit_log');
  const ms = performance.now() - started;
  log(`  ${o.count.toLocaleString('en')} audit entries written in ${(ms / 1000).toFixed(1)} s`);
  return ms;
}

/** The searches of the audit trail, each a first page (and one deep page by cursor). */
export async function auditReads(
  loader: pg.Client,
  o: { token: string; actor: number; member: number },
): Promise<Read[]> {
  const middle = await loader.query<{ id: string }>(
    'SELECT id FROM audit_log WHERE actor_id = $1 ORDER BY id LIMIT 1 OFFSET 100000',
    [o.actor],
  );
  const cursor = middle.rows[0]?.id ?? '1';
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const read = (label: string, query: string): Read => ({
    group: 'admin',
    label,
    as: 'owner',
    token: o.token,
    path: `/admin/audit?${query}`,
  });
  return [
    read('GET /admin/audit (newest)', 'limit=50'),
    read('GET /admin/audit?actor= (one staff member)', `actor=${o.actor}`),
    read('GET /admin/audit?actor=&cursor= (deep page)', `actor=${o.actor}&cursor=${cursor}`),
    read('GET /admin/audit?member= (one member)', `member=${o.member}`),
    read('GET /admin/audit?kind=withdrawal.decline', 'kind=withdrawal.decline'),
    read('GET /admin/audit?kind=deposit', 'kind=deposit'),
    read('GET /admin/audit?record=user: (one record)', `record=user:${o.member}`),
    read('GET /admin/audit?from=&to= (a day 200 days ago)', `from=${day(200)}&to=${day(200)}`),
    read(
      'GET /admin/audit?actor=&from=&to= (a staff member, a day)',
      `actor=${o.actor}&from=${day(120)}&to=${day(120)}`,
    ),
  ];
}
