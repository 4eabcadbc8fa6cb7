import { chainName } from '@sgx/chain';
import { sql } from 'kysely';
import type { Deps } from '../../src/app';
import { readTokenTransfers } from '../../src/modules/chains/reader';
import { matchTransfers, recordAddressDeposits } from '../../src/modules/chains/scan.match';

/** What both prototypes share with scanChain: the range's Transfers read, matched and recorded in its statements. */
async function readAndRecord(deps: Deps, chainId: number, from: bigint, to: bigint, head: bigint) {
  const client = deps.chains.client(chainId);
  if (!client) throw new Error(`No node for chain ${chainId}.`);
  const settings = await deps.chains.settings(chainId);
  const transfers = await readTokenTransfers(client, settings.token_address, from, to);
  const own = (await matchTransfers(deps.db, chainId, undefined, transfers)).filter(
    (m) => m.kind === 'address',
  );
  await recordAddressDeposits(deps.db, chainId, settings, own, head, true);
  return { own, hashes: own.map((m) => m.transfer.hash), logs: own.map((m) => m.transfer.logIndex) };
}

/** The recorded own-address deposits of these logs still to credit, locked in one statement (in id order). */
const lockOpen = (chainId: number, hashes: string[], logs: number[]) => sql<{
  id: bigint;
  amount: bigint;
  log_index: number;
  block_number: bigint;
}>`
  SELECT d.id, d.amount, d.log_index, d.block_number
  FROM deposits d
  JOIN unnest(${hashes}::text[], ${logs}::int[]) AS k(hash, log_index)
    ON d.hash = k.hash AND d.log_index = k.log_index
  WHERE d.chain_id = ${chainId} AND d.status = 'pending' AND d.source = 'address' AND d.chain_status = 'confirming'
  ORDER BY d.id
  FOR UPDATE OF d`;

/**
 * PROTOTYPE 1, for measuring only (not the app's code): the scan of blocks `from`..`to` as scanChain does it (the
 * same read, match and record), but the range's credits in ONE database transaction: the open deposits locked in
 * one statement, then `deposits.complete` for each. It shows what the per-credit transactions (their BEGIN,
 * re-lock and COMMIT with its WAL flush) cost. One failing credit would roll the whole range back here: a real
 * version needs a savepoint per credit, or the set-based credit below.
 */
export async function scanCreditingInOneTransaction(
  deps: Deps,
  chainId: number,
  from: bigint,
  to: bigint,
  head: bigint,
): Promise<{ found: number; credited: number }> {
  const { own, hashes, logs } = await readAndRecord(deps, chainId, from, to, head);
  const credited = await deps.db.transaction().execute(async (tx) => {
    const open = (await lockOpen(chainId, hashes, logs).execute(tx)).rows;
    for (const d of open) {
      await deps.deposits.complete(tx, d.id, d.amount, {
        kind: 'chain',
        userId: null,
        note: `${chainName(chainId)} block ${d.block_number}, log ${d.log_index}, to the member's own address`,
      });
    }
    return open.length;
  });
  return { found: own.length, credited };
}

/**
 * PROTOTYPE 2, for measuring only: the range's credits SET-BASED, a fixed number of statements whatever their
 * count, writing the rows `complete` writes: deposits locked in id order, the hashes' advisory locks, a hash
 * already credited by hand left out, the members' deposit accounts opened, locked in id order, then one statement
 * posting every ledger transaction (key per chain, hash and log) with its two entries (the per-statement zero-sum
 * trigger checks them), the balances, the deposits, the waiting approvals closed and the members told.
 */
export async function scanCreditingSetBased(
  deps: Deps,
  chainId: number,
  from: bigint,
  to: bigint,
  head: bigint,
): Promise<{ found: number; credited: number }> {
  const { own, hashes, logs } = await readAndRecord(deps, chainId, from, to, head);
  const note = `${chainName(chainId)} block `;
  const credited = await deps.db.transaction().execute(async (tx) => {
    const locked = (await lockOpen(chainId, hashes, logs).execute(tx)).rows.map((d) => d.id);
    if (locked.length === 0) return 0;
    await sql`SELECT pg_advisory_xact_lock(hashtext('deposit-hash:' || h)) FROM (
      SELECT DISTINCT lower(hash) AS h FROM deposits WHERE id = ANY(${locked}::bigint[]) ORDER BY 1) x`.execute(
      tx,
    );
    await sql`INSERT INTO ledger_accounts (owner_id, kind, asset, allow_negative)
      SELECT DISTINCT user_id, 'deposit', 'USD', false FROM deposits WHERE id = ANY(${locked}::bigint[])
      UNION ALL SELECT NULL, 'member_addresses', 'USD', true
      ON CONFLICT DO NOTHING`.execute(tx);
    await sql`SELECT a.id FROM ledger_accounts a
      WHERE a.kind = 'deposit' AND a.asset = 'USD'
        AND a.owner_id IN (SELECT user_id FROM deposits WHERE id = ANY(${locked}::bigint[]))
      ORDER BY a.id FOR UPDATE`.execute(tx);
    const { rows } = await sql<{ n: number }>`
      WITH d AS (
        SELECT d.id, d.user_id, d.amount, d.hash, d.log_index, d.block_number, d.currency FROM deposits d
        WHERE d.id = ANY(${locked}::bigint[]) AND NOT EXISTS (
          SELECT 1 FROM deposits c WHERE lower(c.hash) = lower(d.hash) AND c.status = 'complete' AND c.to_address IS NULL)
      ), t AS (
        INSERT INTO ledger_transactions (idempotency_key, kind, member_id, memo, details, created_by)
        SELECT 'deposit:' || ${chainId}::int || ':' || d.hash || ':' || d.log_index, 'deposit', d.user_id,
          d.currency || ' deposit ' || left(d.hash, 10) || '…',
          jsonb_build_object('deposit_id', d.id::text, 'requested', d.amount::text, 'credited', d.amount::text,
            'verified_by', 'chain'), NULL
        FROM d ORDER BY d.id
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id, (details ->> 'deposit_id')::bigint AS deposit_id
      ), p AS (
        SELECT t.id AS tx_id, d.*, a.id AS account_id FROM t JOIN d ON d.id = t.deposit_id
        JOIN ledger_accounts a ON a.owner_id = d.user_id AND a.kind = 'deposit' AND a.asset = 'USD'
      ), e AS (
        INSERT INTO ledger_entries (transaction_id, account_id, amount)
        SELECT tx_id, account_id, amount FROM p
        UNION ALL
        SELECT tx_id, (SELECT id FROM ledger_accounts WHERE owner_id IS NULL AND kind = 'member_addresses' AND asset = 'USD'), -amount FROM p
      ), b AS (
        UPDATE ledger_accounts a SET balance = a.balance + s.total
        FROM (SELECT account_id, sum(amount)::bigint AS total FROM p GROUP BY account_id) s WHERE a.id = s.account_id
      ), u AS (
        UPDATE deposits x SET status = 'complete', credited_amount = p.amount, verified_by = 'chain', decided_by = NULL,
          decided_at = now(), note = ${note} || p.block_number || ', log ' || p.log_index || ', to the member''s own address',
          ledger_transaction_id = p.tx_id, chain_status = 'credited', chain_reason = NULL
        FROM p WHERE x.id = p.id
      ), c AS (
        UPDATE approvals SET status = 'cancelled', decided_by = NULL, decided_at = now(),
          decision_reason = 'The deposit was credited.'
        WHERE kind = 'deposit' AND status = 'pending' AND subject_id IN (SELECT id FROM p)
      ), n AS (
        INSERT INTO member_events (user_id, kind, title, message, link, dedupe_key)
        SELECT user_id, 'deposit_credited', 'Deposit credited',
          'Your ' || currency || ' deposit of ' || (amount / 100000000) || '.' || lpad((amount % 100000000)::text, 8, '0')
            || ' USD was credited to your deposit wallet.', '/user/deposit-history', 'deposit-credited:' || id
        FROM p
        ON CONFLICT (dedupe_key) DO NOTHING
      )
      SELECT count(*)::int AS n FROM p`.execute(tx);
    return rows[0]?.n ?? 0;
  });
  return { found: own.length, credited };
}
