import {
  BalanceResponse,
  PriceHistoryResponse,
  TokenInfoResponse,
  TokenPriceResponse,
  TokenTransactionsResponse,
  TradeQuote,
  TradeResponse,
  UpdatePriceResponse,
} from '@sgx/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';
import { ApiError } from '../../../app/apiError';
import { serverText } from '../../../i18n/server';
import { tokenText } from '../i18n';
import { TOKEN_ID } from '../tokenMath';

const P = '/social-genx';

/** How often the token screen asks for the price again (the header's live refresh). */
export const LIVE_REFRESH_MS = 15_000;

/** What a schema's parse answers (the web app reads zod types through the contracts only). */
type Parsed<S extends { parse: (data: unknown) => unknown }> = ReturnType<S['parse']>;
type InfoResponse = Parsed<typeof TokenInfoResponse>;

export type TokenInfo = InfoResponse['data'];
export type Holding = Parsed<typeof BalanceResponse>['balance'];
export type Quote = Parsed<typeof TradeQuote>;
export type TokenTransaction = Parsed<typeof TokenTransactionsResponse>['data'][number];
export type PriceHistoryEntry = Parsed<typeof PriceHistoryResponse>['data'][number];
export type TransactionStatus = TokenTransaction['status'];
export type TransactionType = TokenTransaction['transaction_type'];

export interface TransactionFilters {
  status: TransactionStatus | null;
  type: TransactionType | null;
}

/** Spec 9: default fetch limit 50, price history limit 100. */
export const TRANSACTIONS_LIMIT = 50;
export const PRICE_HISTORY_LIMIT = 100;

export const tokenKeys = {
  all: ['token'] as const,
  info: ['token', 'info'] as const,
  price: ['token', 'price'] as const,
  holding: (userId: number) => ['token', 'holding', userId] as const,
  quote: (side: 'buy' | 'sell', amount: string) => ['token', 'quote', side, amount] as const,
  transactions: (f: TransactionFilters) => ['token', 'transactions', 'all', f] as const,
  userTransactions: (userId: number) => ['token', 'transactions', 'user', userId] as const,
  priceHistory: ['token', 'price-history'] as const,
};

/** The screens' fixed messages (spec 8), in the member's language: call them when drawing, never at import. */
export const networkError = () => tokenText('errors.network');
export const tradeFailed = () => tokenText('errors.tradeFailed');
export const updateFailed = () => tokenText('errors.updateFailed');
export const tradeSuccess = () => tokenText('success.trade');
export const updateSuccess = () => tokenText('success.update');
export const insufficientTokens = () => tokenText('errors.insufficientTokens');
export const invalidPrice = () => tokenText('errors.invalidPrice');

/**
 * The message for a failed token call (spec 8): the network message when the server was not reached, the
 * server's own message when it refused the request (a moved price, a short balance, the 50% bound), and
 * the screen's fallback for anything else (a server fault, an unexpected answer).
 */
export function tokenErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK') return networkError();
    if (error.status >= 400 && error.status < 500 && error.code !== 'HTTP') return serverText(error.message);
  }
  return fallback;
}

export function useTokenInfo() {
  return useQuery({
    queryKey: tokenKeys.info,
    queryFn: ({ signal }) => apiRequest(`${P}/config`, { schema: TokenInfoResponse, signal }),
    select: (r) => r.data,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/** The current price alone (the dialogs' refresh), kept in step with the token's data. */
export function useTokenPrice(enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: tokenKeys.price,
    queryFn: async ({ signal }) => {
      const r = await apiRequest(`${P}/price/${TOKEN_ID}`, { schema: TokenPriceResponse, signal });
      queryClient.setQueryData<InfoResponse>(tokenKeys.info, (old) =>
        old === undefined ? old : { ...old, data: { ...old.data, current_price: r.current_price } },
      );
      return r.current_price;
    },
    refetchInterval: LIVE_REFRESH_MS,
    enabled,
  });
}

export function useHolding(userId: number | null) {
  return useQuery({
    queryKey: tokenKeys.holding(userId ?? 0),
    queryFn: ({ signal }) => apiRequest(`${P}/holding/${userId}`, { schema: BalanceResponse, signal }),
    select: (r) => r.balance,
    enabled: userId !== null,
    // The value and P&L follow the price, so they refresh with it.
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/** The server's quote for an amount in canonical text, or nothing while there is no valid amount. */
export function useQuote(side: 'buy' | 'sell', amount: string | null) {
  return useQuery({
    queryKey: tokenKeys.quote(side, amount ?? ''),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ side, amount: amount ?? '', token_id: String(TOKEN_ID) });
      return apiRequest(`${P}/quote?${qs}`, { schema: TradeQuote, signal });
    },
    enabled: amount !== null,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export interface TradeInput {
  side: 'buy' | 'sell';
  amount: string;
  userId: number;
  expectedPrice: string;
  address?: string | undefined;
  /** One key per submission, kept when the same submission is tried again: a retry never trades twice. */
  idempotencyKey: string;
}

export function useTrade(userId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (t: TradeInput) =>
      apiRequest(`${P}/${t.side}`, {
        method: 'POST',
        body: {
          token_id: TOKEN_ID,
          amount: t.amount,
          user_id: t.userId,
          expected_price: t.expectedPrice,
          ...(t.address ? { address: t.address } : {}),
        },
        schema: TradeResponse,
        idempotencyKey: t.idempotencyKey,
      }),
    onSuccess: (r) => {
      // The holding the server answered is the new truth; the rest is reloaded when the dialog closes.
      if (userId !== null) {
        queryClient.setQueryData(tokenKeys.holding(userId), { success: true as const, balance: r.balance });
      }
    },
  });
}

export function useUpdatePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    // A new price waits for a second admin (a 202, thrown as ApprovalPendingError); the key finds the same
    // approval again when the answer was lost.
    mutationFn: (b: { price: string; reason: string; key: string }) =>
      apiRequest(`${P}/config`, {
        method: 'PUT',
        body: { token_id: TOKEN_ID, current_price: b.price, reason: b.reason },
        schema: UpdatePriceResponse,
        idempotencyKey: b.key,
      }),
    onSuccess: (r) => {
      queryClient.setQueryData(tokenKeys.info, { success: true as const, data: r.data });
    },
  });
}

/** Reloads everything the token screens show (after a trade or a price change). */
export function useRefreshToken() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tokenKeys.all });
}

export function useTokenTransactions(filters: TransactionFilters) {
  return useQuery({
    queryKey: tokenKeys.transactions(filters),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ limit: String(TRANSACTIONS_LIMIT) });
      if (filters.status !== null) qs.set('status', filters.status);
      if (filters.type !== null) qs.set('transaction_type', filters.type);
      return apiRequest(`${P}/transactions?${qs}`, { schema: TokenTransactionsResponse, signal });
    },
    select: (r) => r.data,
    placeholderData: keepPreviousData,
  });
}

export function useUserTokenTransactions(userId: number | null) {
  return useQuery({
    queryKey: tokenKeys.userTransactions(userId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`${P}/transactions/user/${userId}?limit=${TRANSACTIONS_LIMIT}`, {
        schema: TokenTransactionsResponse,
        signal,
      }),
    select: (r) => r.data,
    enabled: userId !== null,
  });
}

export function usePriceHistory(enabled = true) {
  return useQuery({
    queryKey: tokenKeys.priceHistory,
    queryFn: ({ signal }) =>
      apiRequest(`${P}/price-history?limit=${PRICE_HISTORY_LIMIT}`, { schema: PriceHistoryResponse, signal }),
    select: (r) => r.data,
    enabled,
  });
}
