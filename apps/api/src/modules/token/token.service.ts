import { randomBytes } from 'node:crypto';
import { type ApprovalRecord, amountOut, type Holding, type Settings, type TokenInfo } from '@sgx/contracts';
import { divRoundHalfUp, parseUnits, percentOf, UNIT } from '@sgx/money';
import { sql } from 'kysely';
import type { Db, Tx } from '../../db';
import { asSqlError } from '../../db/group-commit';
import type { Principal } from '../../http/access';
import { businessRule, conflict, forbidden, notFound } from '../../http/errors';
import { type RequestKey, scopeOf } from '../../http/listing';
import type { ApprovalRegistry } from '../approvals/approvals.registry';
import { requestApproval } from '../approvals/approvals.repo';
import { writeAudit } from '../audit/audit.repo';
import type { SettingsService } from '../settings/settings.service';
import { buyCost, type Curve, sellProceeds, spotPrice } from './curve';
import { AfterTrades, toHolding } from './token.after-trade';
import { ApprovedPrice, manualPrice, writeManualPrice } from './token.price';
import { submitTrade, tradeRefusal } from './token.trades';

type Config = Awaited<ReturnType<TokenService['config']>>;

const curveOf = (c: { base_price: bigint; price_multiplier: bigint; total_supply: bigint }): Curve => ({
  base: c.base_price,
  multiplier: c.price_multiplier,
  supply: c.total_supply,
});

/** The trade fee of a gross amount: the settings' percent of it, rounded half-up (token_trade does the same). */
const tradeFee = (gross: bigint, s: Settings): bigint => {
  const pct = parseUnits(s.tokenTradeFeePercent);
  return pct === 0n ? 0n : percentOf(gross, pct);
};

/**
 * The platform token (business-rules 7): priced on a curve of the circulating supply; buys paid from
 * the deposit wallet, sells paid into it; every trade and price change writes price history; trades are
 * serialised on the token's row so none is lost.
 */
export class TokenService {
  private readonly afterTrades: AfterTrades;

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
  ) {
    this.afterTrades = new AfterTrades(db);
  }

  async config(db: Db | Tx = this.db, id = 1n, lock = false) {
    let q = db.selectFrom('token_config').selectAll().where('id', '=', id);
    if (lock) q = q.forUpdate();
    const c = await q.executeTakeFirst();
    if (!c) throw notFound('Token not found.');
    return c;
  }

  info(c: Config): TokenInfo {
    return {
      id: Number(c.id),
      name: c.name,
      symbol: c.symbol,
      current_price: amountOut(c.current_price),
      total_supply: amountOut(c.total_supply),
      available_tokens: amountOut(c.available_tokens),
      circulating_supply: amountOut(c.total_supply - c.available_tokens),
      base_price: amountOut(c.base_price),
      price_multiplier: amountOut(c.price_multiplier),
      contract_address: c.contract_address,
      last_updated: c.last_updated.toISOString(),
      created_at: c.created_at.toISOString(),
    };
  }

  /** The server's quote. For a member's sell it also checks their holdings. */
  async quote(side: 'buy' | 'sell', amount: bigint, tokenId = 1n, holder?: bigint) {
    if (amount <= 0n) throw businessRule('Enter an amount above 0.');
    const c = await this.config(this.db, tokenId);
    const curve = curveOf(c);
    const s = c.total_supply - c.available_tokens;
    if (side === 'buy' && amount > c.available_tokens) throw businessRule('Not enough tokens are available.');
    if (side === 'sell' && amount > s) throw businessRule('Insufficient token balance.');
    if (side === 'sell' && holder !== undefined) {
      const held = await this.db
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('owner_id', '=', holder)
        .where('kind', '=', 'token')
        .executeTakeFirst();
      if ((held?.balance ?? 0n) < amount) throw businessRule('Insufficient token balance.');
    }
    const gross = side === 'buy' ? buyCost(curve, s, amount) : sellProceeds(curve, s, amount);
    const settings = await this.settings.all();
    const fee = tradeFee(gross, settings);
    const total = side === 'buy' ? gross + fee : gross - fee;
    const after = spotPrice(curve, side === 'buy' ? s + amount : s - amount);
    return {
      side,
      amount: amountOut(amount),
      total: amountOut(total),
      average_price: amountOut(divRoundHalfUp(total * UNIT, amount)),
      price_before: amountOut(c.current_price),
      price_after: amountOut(after),
      slippage_percent: amountOut(parseUnits(settings.tokenSlippagePercent)),
    };
  }

  async holding(userId: bigint, db: Db | Tx = this.db, tokenId = 1n): Promise<Holding> {
    // One indexed read: the member, the token's price, the member's SGX and USD accounts, the cost basis.
    const { rows } = await sql<{
      price: bigint | null;
      quantity: bigint;
      cash: bigint;
      total_invested: bigint | null;
      realized_pnl: bigint | null;
    }>`
      /* prepare:token_holding */
      SELECT c.current_price AS price,
             coalesce((SELECT balance FROM ledger_accounts WHERE owner_id = u.id AND kind = 'token' AND asset = 'SGX'), 0) AS quantity,
             coalesce((SELECT balance FROM ledger_accounts WHERE owner_id = u.id AND kind = 'deposit' AND asset = 'USD'), 0) AS cash,
             p.total_invested, p.realized_pnl
      FROM users u
      LEFT JOIN token_config c ON c.id = ${tokenId}
      LEFT JOIN token_positions p ON p.user_id = u.id AND p.token_id = c.id
      WHERE u.id = ${userId} AND u.deleted_at IS NULL`.execute(db);
    const row = rows[0];
    if (!row) throw notFound('No member has that id.');
    if (row.price === null) throw notFound('Token not found.');
    return toHolding({ ...row, price: row.price });
  }

  async holdingByAddress(principal: Principal, address: string): Promise<Holding> {
    // Staff read a member's holding where their role reads money (decision 0042), before anything is looked up.
    if (principal.role === 'admin') scopeOf(principal);
    const owner = await this.db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(bep20)`, '=', address.toLowerCase())
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (principal.role !== 'admin') {
      if (!owner || owner.id !== principal.userId) throw forbidden('You can only see your own balance.');
    }
    if (!owner) throw notFound('No member has that wallet address.');
    return this.holding(owner.id);
  }

  async trade(
    principal: Principal,
    side: 'BUY' | 'SELL',
    body: { token_id: number; amount: bigint; user_id: number; expected_price?: bigint | undefined },
    requestKey: string,
    /** The fingerprint of the request that sent the key (keyedRequest); null: not compared. */
    fingerprint: RequestKey['fingerprint'] = null,
  ) {
    const userId = BigInt(body.user_id);
    if (principal.role !== 'user' || userId !== principal.userId)
      throw forbidden('You can only trade for your own account.');
    const key = `${userId}:${requestKey}`;
    const s = await this.settings.all();
    // Group commit (decision 0047): token_trade_keyed (db/functions/token_trade_keyed.sql: the key's claim, the
    // blocked check, the trade) for the trades arriving together, in one statement under one hold of the token's row.
    const outcome = await submitTrade(this.db, {
      token: BigInt(body.token_id),
      user: userId,
      side,
      amount: body.amount,
      key,
      expectedPrice: body.expected_price ?? null,
      slippagePercent: parseUnits(s.tokenSlippagePercent),
      feePercent: parseUnits(s.tokenTradeFeePercent),
      hash: `0x${randomBytes(32).toString('hex')}`,
      createdBy: principal.userId,
      fingerprint,
    });
    if ('error' in outcome) throw tradeRefusal(asSqlError(outcome.error), side);
    // The answer: the trade and the holding after it, read with the other trades' answers (decision 0048).
    const after = await this.afterTrades.of(outcome.transactionId);
    if (!after) throw notFound('Token transaction not found.');
    if (after.price === null) throw notFound('Token not found.');
    return { transaction: this.toTx(after), balance: toHolding({ ...after, price: after.price }) };
  }

  /**
   * An admin asks to set the SGX price by hand (PUT /social-genx/config). Checked now (one update moves it by
   * at most tokenMaxPriceChangePercent); null when it is the price already; else kept for a second admin, as
   * it moves every member's portfolio at once (decision 0029).
   */
  async updatePrice(
    principal: Principal,
    tokenId: number,
    price: bigint,
    reason: string,
    key: string,
  ): Promise<ApprovalRecord | null> {
    return this.db.transaction().execute(async (tx) => {
      const c = await this.config(tx, BigInt(tokenId));
      const next = manualPrice(c, await this.settings.all(tx), price);
      if (next.multiplier === c.price_multiplier) return null;
      return requestApproval(tx, {
        kind: 'token_price',
        requestKey: `token_price:${principal.userId}:${key}`,
        requestedBy: principal.userId,
        subjectId: c.id,
        summary: `Set the ${c.symbol} price to ${amountOut(next.price)} USD: every member's holdings change value with it.`,
        changes: [{ field: 'Price', before: amountOut(c.current_price), after: amountOut(next.price) }],
        payload: { tokenId: String(c.id), price: String(price), multiplier: String(c.price_multiplier) },
        reason,
      });
    });
  }

  /**
   * A price a second admin approved, in the approval's transaction, as its requester's. Refused when the
   * price was set by hand meanwhile (the multiplier moved; trades move the price along the curve and do not
   * count), and checked again against the price now.
   */
  async priceApproved(
    tx: Tx,
    a: { requested_by: bigint; reason: string | null; payload: Record<string, unknown> },
  ): Promise<void> {
    const p = ApprovedPrice.parse(a.payload);
    const c = await this.config(tx, p.tokenId, true);
    if (c.price_multiplier !== p.multiplier)
      throw conflict(`The ${c.symbol} price was set by hand since this was asked for; ask again.`);
    await this.applyPrice(tx, a.requested_by, p.tokenId, p.price, a.reason ?? 'approved change');
  }

  /**
   * Sets the price (its multiplier), with price history and audit: the approved change, or a set-up with no
   * admin to ask (seeds). Never reached from a route without an approval.
   */
  async applyPrice(
    tx: Tx,
    actorId: bigint,
    tokenId: bigint,
    price: bigint,
    reason: string,
  ): Promise<TokenInfo> {
    const c = await this.config(tx, tokenId, true);
    return this.info(await writeManualPrice(tx, c, await this.settings.all(tx), actorId, price, reason));
  }

  private txQuery() {
    return this.db
      .selectFrom('token_transactions as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select([
        't.id',
        't.user_id',
        'u.username',
        'u.fullname',
        't.transaction_type',
        't.token_amount',
        't.price_per_token',
        't.total_amount',
        't.status',
        't.created_at',
        't.transaction_hash',
      ]);
  }

  private toTx(r: Awaited<ReturnType<ReturnType<TokenService['txQuery']>['executeTakeFirstOrThrow']>>) {
    return {
      id: Number(r.id),
      user_id: Number(r.user_id),
      username: r.username,
      fullname: r.fullname,
      transaction_type: r.transaction_type,
      token_amount: amountOut(r.token_amount),
      price_per_token: amountOut(r.price_per_token),
      total_amount: amountOut(r.total_amount),
      status: r.status,
      created_at: r.created_at.toISOString(),
      transaction_hash: r.transaction_hash,
    };
  }

  async transaction(id: bigint) {
    return this.toTx(
      await this.txQuery()
        .where('t.id', '=', id)
        // Read after every trade: prepared once per connection (db/index.ts prepareMarked).
        .modifyFront(sql.raw('/* prepare:token_transaction */'))
        .executeTakeFirstOrThrow(),
    );
  }

  async assertMember(userId: bigint, db: Db | Tx = this.db): Promise<void> {
    const u = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!u) throw notFound('No member has that id.');
  }

  /** Sets the token's contract address (admin), audited. */
  async setContract(principal: Principal, tokenId: number, address: string, reason: string) {
    return this.db.transaction().execute(async (tx) => {
      const c = await this.config(tx, BigInt(tokenId), true);
      const after = await tx
        .updateTable('token_config')
        .set({ contract_address: address, last_updated: new Date() })
        .where('id', '=', c.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeAudit(tx, {
        actorId: principal.userId,
        action: 'token.contract_address',
        entity: 'token',
        entityId: c.id,
        before: { contract_address: c.contract_address },
        after: { contract_address: address },
        reason,
      });
      return this.info(after);
    });
  }

  async transactions(f: {
    userId?: bigint;
    status?: 'completed' | 'pending' | 'failed' | undefined;
    type?: 'BUY' | 'SELL' | undefined;
    limit: number;
  }) {
    let q = this.txQuery();
    if (f.userId !== undefined) q = q.where('t.user_id', '=', f.userId);
    if (f.status) q = q.where('t.status', '=', f.status);
    if (f.type) q = q.where('t.transaction_type', '=', f.type);
    const rows = await q.orderBy('t.id', 'desc').limit(f.limit).execute();
    return rows.map((r) => this.toTx(r));
  }

  /**
   * The price history, newest first. Who moved the price (the trade, its member by id, username and name)
   * is for admins only (`withTraders`): members see prices and amounts, never who traded (decision 0032).
   */
  async priceHistory(limit: number, withTraders: boolean, tokenId = 1n) {
    const rows = await this.db
      .selectFrom('token_price_history as h')
      .leftJoin('users as u', (join) =>
        // No join at all for members: their answer has no names to leak.
        withTraders ? join.onRef('u.id', '=', 'h.user_id') : join.on(sql<boolean>`false`),
      )
      .selectAll('h')
      .select(['u.username', 'u.fullname'])
      .where('h.token_id', '=', tokenId)
      .orderBy('h.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      price: amountOut(r.price),
      available_tokens: r.available_tokens === null ? null : amountOut(r.available_tokens),
      change_reason: r.change_reason,
      transaction_id: withTraders && r.transaction_id !== null ? Number(r.transaction_id) : null,
      user_id: withTraders && r.user_id !== null ? Number(r.user_id) : null,
      created_at: r.created_at.toISOString(),
      username: withTraders ? r.username : null,
      fullname: withTraders ? r.fullname : null,
    }));
  }
}

/** The token's approval kind (decision 0059). */
export function registerTokenApprovals(registry: ApprovalRegistry, token: TokenService): void {
  registry.register('token_price', { run: (tx, a) => token.priceApproved(tx, a) });
}
