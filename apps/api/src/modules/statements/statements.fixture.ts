import { randomUUID } from 'node:crypto';
import type { StatementWallet } from '@sgx/contracts';
import pg from 'pg';
import type { Deps } from '../../app';
import { post } from '../ledger/ledger.service';
import { walletAccount } from './statements.repo';

/**
 * Test set-up of the statements tests: postings made through the real ledger `post`, then moved back in time
 * (as the demo seed's backdate does, on the owner's login with the append-only guard off for the update).
 */

/** The platform account on the other side of a test posting. */
const counterpart = (wallet: StatementWallet) =>
  wallet === 'sgx'
    ? ({ owner: null, kind: 'token_treasury' } as const)
    : ({ owner: null, kind: 'cash' } as const);

/** Posts `amount` units (signed: a credit is positive) to a member's wallet; answers the transaction id. */
export async function postTo(
  deps: Deps,
  member: bigint,
  wallet: StatementWallet,
  amount: bigint,
  memo: string | null = null,
): Promise<bigint> {
  const { kind } = walletAccount[wallet];
  const posted = await deps.db.transaction().execute((tx) =>
    post(tx, {
      key: `test-statement:${randomUUID()}`,
      kind: amount > 0n ? 'deposit' : 'withdrawal',
      memberId: member,
      memo,
      entries: [
        { account: { owner: member, kind }, amount },
        { account: counterpart(wallet), amount: -amount },
      ],
    }),
  );
  return posted.transactionId;
}

/** Moves ledger transactions to the given instants (the owner's login at `ownerUrl`), in one transaction. */
export async function backdate(ownerUrl: string, moves: { id: bigint; at: Date }[]): Promise<void> {
  if (moves.length === 0) return;
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('ALTER TABLE ledger_transactions DISABLE TRIGGER ledger_transactions_append_only');
    await client.query(
      `UPDATE ledger_transactions t SET created_at = m.at
       FROM unnest($1::bigint[], $2::timestamptz[]) AS m(id, at) WHERE t.id = m.id`,
      [moves.map((m) => String(m.id)), moves.map((m) => m.at.toISOString())],
    );
    // Their entries carry the same time (migration 0062).
    await client.query('ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only');
    await client.query(
      `UPDATE ledger_entries e SET created_at = m.at
       FROM unnest($1::bigint[], $2::timestamptz[]) AS m(id, at) WHERE e.transaction_id = m.id`,
      [moves.map((m) => String(m.id)), moves.map((m) => m.at.toISOString())],
    );
    await client.query('ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only');
    await client.query('ALTER TABLE ledger_transactions ENABLE TRIGGER ledger_transactions_append_only');
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    await client.end();
  }
}

/** A day written YYYY-MM-DD (UTC). */
export const dayOf = (d: Date): string => d.toISOString().slice(0, 10);
