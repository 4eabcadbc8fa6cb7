import { amountOut, type Settings } from '@sgx/contracts';
import { parseUnits, percentOf } from '@sgx/money';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Tx } from '../../db';
import type { TokenConfigTable } from '../../db/schema';
import { businessRule } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';
import { multiplierFor, spotPrice } from './curve';

/** The manual SGX price (decision 0029): asked by one admin, approved by a second. */

/** What an approval of a manual price runs: the price asked for, and the multiplier it was asked against. */
export const ApprovedPrice = z.object({
  tokenId: z.coerce.bigint(),
  price: z.coerce.bigint(),
  multiplier: z.coerce.bigint(),
});

type TokenRow = Selectable<TokenConfigTable>;

/**
 * The multiplier that puts the spot price at `price` for today's circulating supply, and the price it gives;
 * refused past the bound of one manual update (tokenMaxPriceChangePercent) or for a price the curve cannot give.
 */
export function manualPrice(
  c: Pick<TokenRow, 'current_price' | 'base_price' | 'total_supply' | 'available_tokens'>,
  s: Settings,
  price: bigint,
): { multiplier: bigint; price: bigint } {
  const maxMove = percentOf(c.current_price, parseUnits(s.tokenMaxPriceChangePercent));
  if (price - c.current_price > maxMove || c.current_price - price > maxMove) {
    throw businessRule(
      `A manual change may move the price by at most ${s.tokenMaxPriceChangePercent}% at a time.`,
    );
  }
  const circulating = c.total_supply - c.available_tokens;
  const multiplier = multiplierFor({ base: c.base_price, supply: c.total_supply }, circulating, price);
  if (multiplier <= 0n) throw businessRule('Please enter a valid price.');
  return {
    multiplier,
    price: spotPrice({ base: c.base_price, multiplier, supply: c.total_supply }, circulating),
  };
}

/** Sets the price of the locked token row `c`, with its price history row and audit record. */
export async function writeManualPrice(
  tx: Tx,
  c: TokenRow,
  s: Settings,
  actorId: bigint,
  price: bigint,
  reason: string,
): Promise<TokenRow> {
  const { multiplier, price: newPrice } = manualPrice(c, s, price);
  const after = await tx
    .updateTable('token_config')
    .set({ price_multiplier: multiplier, current_price: newPrice, last_updated: new Date() })
    .where('id', '=', c.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('token_price_history')
    .values({
      token_id: c.id,
      price: newPrice,
      available_tokens: c.available_tokens,
      change_reason: `manual update by admin: ${reason}`,
      user_id: actorId,
    })
    .execute();
  await writeAudit(tx, {
    actorId,
    action: 'token.price_update',
    entity: 'token',
    entityId: c.id,
    before: { current_price: amountOut(c.current_price), price_multiplier: amountOut(c.price_multiplier) },
    after: { current_price: amountOut(newPrice), price_multiplier: amountOut(multiplier) },
    reason,
  });
  return after;
}
