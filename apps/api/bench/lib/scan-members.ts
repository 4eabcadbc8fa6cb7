import type pg from 'pg';

const CHUNK = 250_000;

/**
 * `n` members, each with an own deposit address on `chainId` from `factory`, set-based and a chunk per
 * statement (as `npm run bench:scale` loads). The addresses are distinct 20-byte hex spread like real ones
 * (md5 of the member id). The per-row member tally trigger is off while loading, and the tally gets the
 * members in one row after. Returns the first and last member id.
 */
export async function loadScanMembers(
  c: pg.Client,
  n: number,
  chainId: number,
  factory: string,
  log: (m: string) => void,
): Promise<{ first: number; last: number }> {
  const started = performance.now();
  const tally = await c.query("SELECT 1 FROM pg_trigger WHERE tgname = 'users_member_tally'");
  if (tally.rowCount) await c.query('ALTER TABLE users DISABLE TRIGGER users_member_tally');
  const base = Number(
    (await c.query<{ m: string }>('SELECT coalesce(max(id), 0) AS m FROM users')).rows[0]?.m,
  );
  try {
    for (let lo = 1; lo <= n; lo += CHUNK) {
      const hi = Math.min(n, lo + CHUNK - 1);
      await c.query(
        `INSERT INTO users (id, username, email, password_hash, fullname, refferal_code)
         SELECT $1::bigint + g, 'SCN' || lpad(g::text, 7, '0'), 'scan' || g || '@bench.example', 'x',
           'Scan Member ' || g, 'S' || lpad(g::text, 8, '0')
         FROM generate_series($2::int, $3::int) g`,
        [base, lo, hi],
      );
      await c.query(
        `INSERT INTO member_deposit_addresses (chain_id, address, user_id, factory)
         SELECT $4::int, '0x' || md5('scan-address-' || g) || left(md5('scan-address-2-' || g), 8), $1::bigint + g, $5
         FROM generate_series($2::int, $3::int) g`,
        [base, lo, hi, chainId, factory],
      );
      log(`  members ${lo.toLocaleString('en')}..${hi.toLocaleString('en')} with their addresses`);
    }
    await c.query("SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users))");
  } finally {
    if (tally.rowCount) {
      await c.query('ALTER TABLE users ENABLE TRIGGER users_member_tally');
      await c.query(
        'INSERT INTO member_tally (users, members, active, blocked, invested) VALUES ($1, $1, 0, 0, 0)',
        [n],
      );
    }
  }
  await c.query('VACUUM ANALYZE users, member_deposit_addresses');
  log(`  ${n.toLocaleString('en')} members loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { first: base + 1, last: base + n };
}

/** `k` distinct members picked at random, with their address on `chainId`. */
export async function randomMembers(
  c: pg.Client,
  chainId: number,
  range: { first: number; last: number },
  k: number,
): Promise<{ userId: bigint; address: string }[]> {
  const ids = new Set<number>();
  const span = range.last - range.first + 1;
  while (ids.size < Math.min(k, span)) ids.add(range.first + Math.floor(Math.random() * span));
  const { rows } = await c.query<{ user_id: string; address: string }>(
    'SELECT user_id::text, address FROM member_deposit_addresses WHERE chain_id = $1 AND user_id = ANY($2::bigint[])',
    [chainId, [...ids]],
  );
  return rows.map((r) => ({ userId: BigInt(r.user_id), address: r.address }));
}
