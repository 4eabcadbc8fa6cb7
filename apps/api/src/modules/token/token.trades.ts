import { formatToken } from '@sgx/money';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { type BatchRefusal, groupCommitPerDb } from '../../db/group-commit';
import { sqlRefusal } from '../../http/sql-errors';

/** One trade as the batch statement takes it (token_trade_keyed's arguments). */
export type TradeItem = {
  token: bigint;
  user: bigint;
  side: 'BUY' | 'SELL';
  amount: bigint;
  key: string;
  expectedPrice: bigint | null;
  slippagePercent: bigint;
  feePercent: bigint;
  hash: string;
  createdBy: bigint;
  fingerprint: string | null;
};
/** The trade's ledger transaction, or what refused it (that trade alone was undone): SQLSTATE, message, DETAIL. */
export type TradeOutcome = { transactionId: bigint } | BatchRefusal;

/**
 * A trade through the group commit: the trades arriving together go in one statement and one commit under one hold
 * of the token's row (token_trade_batch, db/functions/token_trade_batch.sql), in arrival order, each at its own curve price and with
 * its own answer.
 */
export const submitTrade = groupCommitPerDb(applyBatch);

async function applyBatch(db: Db, items: TradeItem[]): Promise<TradeOutcome[]> {
  const col = <K extends keyof TradeItem>(k: K) => items.map((x) => x[k]);
  const { rows } = await sql<{
    i: number;
    transaction_id: bigint | null;
    err_code: string | null;
    err_message: string | null;
    err_detail: string | null;
  }>`
    /* prepare:token_trade_batch */
    SELECT * FROM token_trade_batch(${col('token')}::bigint[], ${col('user')}::bigint[], ${col('side')}::text[],
      ${col('amount')}::bigint[], ${col('key')}::text[], ${col('expectedPrice')}::bigint[],
      ${col('slippagePercent')}::bigint[], ${col('feePercent')}::bigint[], ${col('hash')}::text[],
      ${col('createdBy')}::bigint[], ${col('fingerprint')}::text[])`.execute(db);
  const out: TradeOutcome[] = items.map(() => ({
    error: { code: 'XX000', message: 'The trade returned nothing.', detail: null },
  }));
  for (const r of rows) {
    out[r.i - 1] =
      r.err_code === null && r.transaction_id !== null
        ? { transactionId: r.transaction_id }
        : { error: { code: r.err_code ?? 'XX000', message: r.err_message ?? '', detail: r.err_detail } };
  }
  return out;
}

/** The member-facing error for a refusal raised by token_trade (its SQLSTATEs SX1xx), or the error itself. */
export function tradeRefusal(err: unknown, side: 'BUY' | 'SELL'): unknown {
  return (
    sqlRefusal(err, {
      SX102: (detail) => {
        const [expected, current] = detail.split(' ').map((v) => BigInt(v));
        return `The price moved from ${formatToken(expected ?? 0n)} to ${formatToken(current ?? 0n)} USD. Please review the new price.`;
      },
      SX001: () => (side === 'BUY' ? 'Insufficient balance.' : 'Insufficient token balance.'),
    }) ?? err
  );
}
