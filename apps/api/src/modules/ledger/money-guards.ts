import { sql } from 'kysely';
import type { DbOrTx, Tx } from '../../db';
import type { RequestKey } from '../../http/listing';
import { refusal } from '../../http/sql-errors';

/**
 * The one check every money-out path goes through (decision 0016): a blocked member moves no money out
 * of their wallets by their own request, on any path (transfers, friend top-ups, top-ups and entry fees
 * paid for others, codes, token trades, withdrawals). Call it inside the money change's transaction,
 * after any FOR UPDATE lock of the member's row: it reads the status FOR SHARE (SQL function
 * assert_may_move_money, db/functions/assert_may_move_money.sql), so a block that committed first is seen, and a block arriving
 * meanwhile waits for this move. Refused: 403 "Your account is blocked. Please contact support."
 *
 * `actor` is who asked. Only an admin may act for another member (actingFor), so an actor other than
 * the member is an admin, whose changes to a blocked member's money stay allowed (decision 0016).
 */
export async function assertMayMoveMoney(tx: Tx, member: bigint, actor: bigint): Promise<void> {
  if (actor !== member) return;
  await sql`SELECT assert_may_move_money(${member}::bigint)`.execute(tx).catch(refusal);
}

/**
 * Claims a request's Idempotency-Key (decision 0017), as the first statement of the money change's
 * transaction so that it waits on nothing else while a retry of the same key is in flight. `scoped` is
 * the key as the sender's own (`<sender id>:<key>`). The same fingerprint again passes (the service then
 * finds the first result); another fingerprint is a 409. A key the server made up (no fingerprint) is
 * unique and claims nothing.
 */
export async function claimRequestKey(
  tx: Tx,
  scoped: string,
  fingerprint: RequestKey['fingerprint'],
): Promise<void> {
  if (fingerprint === null) return;
  await sql`SELECT request_key_claim(${scoped}, ${fingerprint})`.execute(tx).catch(refusal);
}

/**
 * Whether a request with this scoped Idempotency-Key (`<sender id>:<key>`) and fingerprint already went
 * through: its claim is committed (a claim rolls back with a request that failed). A route that checks a
 * second-factor code asks this first, so that the retry of a request that happened gets its first answer
 * instead of a refusal of its (now used) code; the retry then moves nothing more. A key the server made up
 * (no fingerprint) was never used; the same key with another fingerprint is not this request (the service
 * refuses it with 409 after the code).
 */
export async function keyAlreadyUsed(
  db: DbOrTx,
  scoped: string,
  fingerprint: RequestKey['fingerprint'],
): Promise<boolean> {
  if (fingerprint === null) return false;
  const row = await db
    .selectFrom('request_keys')
    .select('key')
    .where('key', '=', scoped)
    .where('fingerprint', '=', fingerprint)
    .executeTakeFirst();
  return row !== undefined;
}
