import { amountOut, type Holding } from '@sgx/contracts';
import { divRoundHalfUp, formatUnits, mulDiv, parseUnits, UNIT } from '@sgx/money';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { batchKeys, GroupCommit } from '../../db/group-commit';

const DEFAULT_AVERAGE = parseUnits('0.008');

/** A member's SGX figures as one read gives them (token price, SGX and USD balances, the cost basis). */
export type HoldingRow = {
  price: bigint | null;
  quantity: bigint;
  cash: bigint;
  total_invested: bigint | null;
  realized_pnl: bigint | null;
};

/** A holding as the API shows it: quantity, average buy price, value, profit or loss. */
export function toHolding(row: HoldingRow & { price: bigint }): Holding {
  const { quantity, cash } = row;
  const invested = row.total_invested ?? 0n;
  const average = quantity > 0n ? divRoundHalfUp(invested * UNIT, quantity) : DEFAULT_AVERAGE;
  const value = mulDiv(quantity, row.price, UNIT);
  const pnl = value - invested;
  const pct = invested > 0n ? divRoundHalfUp(pnl * 100n * 100n, invested) : 0n;
  return {
    quantity: amountOut(quantity),
    averageBuyPrice: amountOut(average),
    totalInvested: amountOut(invested),
    currentValue: amountOut(value),
    profitLoss: amountOut(pnl),
    profitLossPercent: formatUnits(pct * 1_000_000n, 2),
    realizedProfitLoss: amountOut(row.total_invested === null ? 0n : (row.realized_pnl ?? 0n)),
    availableBalance: amountOut(cash),
  };
}

/** A trade as the API shows it, with its member's name. */
export type TradeRow = {
  id: bigint;
  user_id: bigint;
  username: string;
  fullname: string;
  transaction_type: 'BUY' | 'SELL';
  token_amount: bigint;
  price_per_token: bigint;
  total_amount: bigint;
  status: 'pending' | 'failed' | 'completed';
  created_at: Date;
  transaction_hash: string;
};

/**
 * What a trade answers (the trade, and the member's holding after it) for the trades that were written
 * together, read together (decision 0048): one statement for the batch instead of two reads per trade.
 * Each is read after its trade committed. The holding is of the trade's token.
 */
export class AfterTrades {
  private readonly reads: GroupCommit<bigint, (TradeRow & HoldingRow) | null>;

  constructor(private readonly db: Db) {
    this.reads = new GroupCommit((ids) => this.read(ids), { maxBatch: 64, maxInFlight: 1 });
  }

  /** The trade `id` (token_transactions) and its member's holding; null when there is no such trade. */
  of(id: bigint): Promise<(TradeRow & HoldingRow) | null> {
    return this.reads.submit(id);
  }

  private async read(ids: bigint[]): Promise<((TradeRow & HoldingRow) | null)[]> {
    const keys = batchKeys('token_after_trade', ids, 'bigint', 'x', 'id');
    const { rows } = await sql<TradeRow & HoldingRow>`
      ${keys.mark}
      SELECT t.id, t.user_id, u.username, u.fullname, t.transaction_type, t.token_amount, t.price_per_token,
             t.total_amount, t.status, t.created_at, t.transaction_hash,
             c.current_price AS price,
             coalesce((SELECT balance FROM ledger_accounts WHERE owner_id = u.id AND kind = 'token' AND asset = 'SGX'), 0) AS quantity,
             coalesce((SELECT balance FROM ledger_accounts WHERE owner_id = u.id AND kind = 'deposit' AND asset = 'USD'), 0) AS cash,
             p.total_invested, p.realized_pnl
      FROM ${keys.from}
      CROSS JOIN LATERAL (SELECT * FROM token_transactions tt WHERE tt.id = x.id OFFSET 0) t
      JOIN users u ON u.id = t.user_id
      LEFT JOIN token_config c ON c.id = t.token_id
      LEFT JOIN token_positions p ON p.user_id = u.id AND p.token_id = c.id`.execute(this.db);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id) ?? null);
  }
}
