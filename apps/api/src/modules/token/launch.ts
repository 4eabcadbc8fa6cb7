import { parseUnits } from '@sgx/money';
import type { DbOrTx } from '../../db';

/**
 * Launches the SGX token (business-rules 7): `supply` units on sale at the launch price of 0.008 USD,
 * and, unless told not to, the launch price as the first point of the price history. Returns its id.
 */
export async function launchToken(
  db: DbOrTx,
  supply = parseUnits('100000000'),
  { history = true }: { history?: boolean } = {},
): Promise<bigint> {
  const token = await db
    .insertInto('token_config')
    .values({
      name: 'SocialGenX',
      symbol: 'SGX',
      total_supply: supply,
      available_tokens: supply,
      base_price: parseUnits('0.008'),
      current_price: parseUnits('0.008'),
      contract_address: null,
    })
    .returning(['id', 'current_price', 'available_tokens'])
    .executeTakeFirstOrThrow();
  if (history) {
    await db
      .insertInto('token_price_history')
      .values({
        token_id: token.id,
        price: token.current_price,
        available_tokens: token.available_tokens,
        change_reason: 'launch price',
      })
      .execute();
  }
  return token.id;
}
