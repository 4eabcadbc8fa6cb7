import {
  AddressBalanceResponse,
  ApprovalPendingResponse,
  BalanceResponse,
  ContractAddressBody,
  IdIn,
  PriceHistoryQuery,
  PriceHistoryResponse,
  QuoteQuery,
  TokenInfoResponse,
  TokenPriceResponse,
  TokenTransactionsQuery,
  TokenTransactionsResponse,
  TradeBody,
  TradeQuote,
  TradeResponse,
  UpdatePriceBody,
  UpdatePriceResponse,
} from '@sgx/contracts';
import { parseUnits } from '@sgx/money';
import { z } from 'zod';
import type { App } from '../../deps';
import { principalOf, staffAllows } from '../../http/access';
import { keyedRequest, scopeOf } from '../../http/listing';
import { pendingResponse } from '../approvals/approvals.repo';

const TokenIdParam = z.object({ tokenId: IdIn });
const UserIdParam = z.object({ userId: IdIn });
const AddressParam = z.object({
  bep20: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'Enter a BEP20 address.'),
});

export function tokenRoutes(app: App): void {
  const { token } = app.deps;
  const tags = ['token'];
  const P = '/social-genx';

  app.get(
    `${P}/config`,
    { config: { access: 'public' }, schema: { tags, response: { 200: TokenInfoResponse } } },
    async () => ({
      success: true as const,
      data: token.info(await token.config()),
    }),
  );
  app.get(
    `${P}/refresh/:tokenId`,
    {
      config: { access: 'public' },
      schema: { tags, params: TokenIdParam, response: { 200: TokenInfoResponse } },
    },
    async (request) => ({
      success: true as const,
      data: token.info(await token.config(undefined, BigInt(request.params.tokenId))),
    }),
  );
  app.get(
    `${P}/price/:tokenId`,
    {
      config: { access: 'public' },
      schema: { tags, params: TokenIdParam, response: { 200: TokenPriceResponse } },
    },
    async (request) => {
      const c = token.info(await token.config(undefined, BigInt(request.params.tokenId)));
      return { success: true as const, current_price: c.current_price };
    },
  );
  app.get(
    `${P}/quote`,
    {
      config: { access: 'signed-in' },
      schema: { tags, querystring: QuoteQuery, response: { 200: TradeQuote } },
    },
    async (request) => {
      const p = principalOf(request);
      const holder = p.role === 'user' ? p.userId : undefined;
      return token.quote(
        request.query.side,
        parseUnits(request.query.amount),
        BigInt(request.query.token_id),
        holder,
      );
    },
  );
  app.get(
    `${P}/balance/:bep20`,
    {
      config: { access: 'signed-in' },
      schema: { tags, params: AddressParam, response: { 200: AddressBalanceResponse } },
    },
    async (request) => {
      const balance = await token.holdingByAddress(principalOf(request), request.params.bep20);
      const { contract_address } = await token.config();
      const onchain = await app.deps.chains.onChainTokenBalance(request.params.bep20, contract_address);
      return { success: true as const, balance, onchain };
    },
  );
  app.get(
    `${P}/holding/:userId`,
    {
      config: { access: 'signed-in' },
      schema: { tags, params: UserIdParam, response: { 200: BalanceResponse } },
    },
    async (request) => {
      const userId = scopeOf(principalOf(request), request.params.userId) ?? BigInt(request.params.userId);
      return { success: true as const, balance: await token.holding(userId) };
    },
  );
  for (const side of ['BUY', 'SELL'] as const) {
    app.post(
      `${P}/${side.toLowerCase()}`,
      { config: { access: 'member' }, schema: { tags, body: TradeBody, response: { 200: TradeResponse } } },
      async (request) => {
        const { key, fingerprint } = keyedRequest(request);
        const r = await token.trade(principalOf(request), side, request.body, key, fingerprint);
        return { success: true as const, message: 'Trade Successfull!', ...r };
      },
    );
  }
  app.put(
    `${P}/config`,
    {
      config: { access: 'admin', permission: 'settings' },
      schema: {
        tags,
        body: UpdatePriceBody,
        response: { 200: UpdatePriceResponse, 202: ApprovalPendingResponse },
      },
    },
    async (request, reply) => {
      const b = request.body;
      // A second admin approves the new price (decision 0029); until then members see the old one.
      const awaiting = await token.updatePrice(
        principalOf(request),
        b.token_id,
        b.current_price,
        b.reason,
        keyedRequest(request).key,
      );
      if (awaiting) return reply.status(202).send(pendingResponse(awaiting));
      const data = token.info(await token.config(undefined, BigInt(b.token_id)));
      return { success: true as const, message: 'Nothing changed: this is the price already.', data };
    },
  );
  app.put(
    `${P}/contract`,
    {
      config: { access: 'admin', permission: 'settings' },
      schema: { tags, body: ContractAddressBody, response: { 200: UpdatePriceResponse } },
    },
    async (request) => {
      const b = request.body;
      const data = await token.setContract(principalOf(request), b.token_id, b.contract_address, b.reason);
      return { success: true as const, message: 'Contract address saved', data };
    },
  );
  app.get(
    `${P}/transactions/user/:userId`,
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        params: UserIdParam,
        querystring: TokenTransactionsQuery,
        response: { 200: TokenTransactionsResponse },
      },
    },
    async (request) => {
      const userId = scopeOf(principalOf(request), request.params.userId) ?? BigInt(request.params.userId);
      await token.assertMember(userId);
      const q = request.query;
      return {
        success: true as const,
        data: await token.transactions({
          userId,
          status: q.status,
          type: q.transaction_type,
          limit: q.limit,
        }),
      };
    },
  );
  app.get(
    `${P}/transactions`,
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, querystring: TokenTransactionsQuery, response: { 200: TokenTransactionsResponse } },
    },
    async (request) => {
      const q = request.query;
      return {
        success: true as const,
        data: await token.transactions({ status: q.status, type: q.transaction_type, limit: q.limit }),
      };
    },
  );
  app.get(
    `${P}/price-history`,
    {
      config: { access: 'signed-in' },
      schema: { tags, querystring: PriceHistoryQuery, response: { 200: PriceHistoryResponse } },
    },
    // Staff whose role reads money see who moved the price; members and other roles the prices and amounts only
    // (decisions 0032, 0042).
    async (request) => ({
      success: true as const,
      data: await token.priceHistory(request.query.limit, staffAllows(principalOf(request), 'money', 'read')),
    }),
  );
}
