import { z } from 'zod';
import { OnChainTokenBalance } from './chain';
import { AmountIn, AmountOut, amountText, IdIn } from './common';
import { Bep20Address } from './users';

export const TokenInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  symbol: z.string(),
  current_price: AmountOut,
  total_supply: AmountOut,
  available_tokens: AmountOut,
  circulating_supply: AmountOut,
  base_price: AmountOut,
  price_multiplier: AmountOut,
  contract_address: z.string().nullable(),
  last_updated: z.string(),
  created_at: z.string(),
});
export type TokenInfo = z.infer<typeof TokenInfo>;
export const TokenInfoResponse = z.object({ success: z.literal(true), data: TokenInfo });
export const TokenPriceResponse = z.object({ success: z.literal(true), current_price: AmountOut });

export const Holding = z.object({
  quantity: AmountOut,
  averageBuyPrice: AmountOut,
  totalInvested: AmountOut,
  currentValue: AmountOut,
  profitLoss: AmountOut,
  /** Percent with 2 decimals, e.g. "-12.50". */
  profitLossPercent: z.string(),
  realizedProfitLoss: AmountOut,
  availableBalance: AmountOut,
});
export type Holding = z.infer<typeof Holding>;
export const BalanceResponse = z.object({ success: z.literal(true), balance: Holding });
/** `GET /social-genx/balance/{bep20}`: the holding on the platform and the balance on chain. */
export const AddressBalanceResponse = BalanceResponse.extend({ onchain: OnChainTokenBalance });

export const TradeBody = z.object({
  token_id: IdIn,
  amount: AmountIn.refine((v) => v > 0n, 'Enter an amount above 0.'),
  user_id: IdIn,
  address: z.string().trim().max(100).optional(),
  /** The price per token the member saw; the trade is refused if the price moved past the slippage limit. */
  expected_price: AmountIn.optional(),
});
export const QuoteQuery = z.object({
  side: z.enum(['buy', 'sell']),
  amount: amountText().refine((v) => /[1-9]/.test(v), 'Enter an amount above 0.'),
  token_id: IdIn.default(1),
});
export const TradeQuote = z.object({
  side: z.enum(['buy', 'sell']),
  amount: AmountOut,
  total: AmountOut,
  average_price: AmountOut,
  price_before: AmountOut,
  price_after: AmountOut,
  slippage_percent: AmountOut,
});
export const TokenTransaction = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  /** Who traded, by username and name (decision 0021: admin tables name members). */
  username: z.string(),
  fullname: z.string(),
  transaction_type: z.enum(['BUY', 'SELL']),
  token_amount: AmountOut,
  price_per_token: AmountOut,
  total_amount: AmountOut,
  status: z.enum(['completed', 'pending', 'failed']),
  created_at: z.string(),
  transaction_hash: z.string(),
});
export const TradeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  transaction: TokenTransaction,
  balance: Holding,
});
export const UpdatePriceBody = z.object({
  token_id: IdIn,
  current_price: AmountIn.refine((v) => v > 0n, 'Please enter a valid price.'),
  reason: z.string().trim().min(3, 'Say why the price changes.').max(500),
});
export const UpdatePriceResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: TokenInfo,
});
export const TokenTransactionsQuery = z.object({
  status: z.enum(['completed', 'pending', 'failed']).optional(),
  transaction_type: z.enum(['BUY', 'SELL']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export const TokenTransactionsResponse = z.object({
  success: z.literal(true),
  data: z.array(TokenTransaction),
});
/**
 * A point of the price history. Who moved the price (`transaction_id`, `user_id`, `username`, `fullname`)
 * is answered to admins only: a member's answer has null there (decision 0032), prices and amounts only.
 */
export const PriceHistoryEntry = z.object({
  id: z.number().int(),
  price: AmountOut,
  available_tokens: AmountOut.nullable(),
  change_reason: z.string(),
  transaction_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  created_at: z.string(),
  /** Who moved the price, by username and name (null when nobody did); last, so CSV columns keep their places. */
  username: z.string().nullable(),
  fullname: z.string().nullable(),
});
export const PriceHistoryQuery = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(100) });
export const PriceHistoryResponse = z.object({ success: z.literal(true), data: z.array(PriceHistoryEntry) });

export const ContractAddressBody = z.object({
  token_id: IdIn,
  contract_address: Bep20Address,
  reason: z.string().trim().min(3, 'Say why the address changes.').max(500),
});
