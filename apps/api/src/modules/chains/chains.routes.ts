import {
  ApprovalPendingResponse,
  ChainIdParam,
  ChainSettingsBody,
  ChainsResponse,
  MemberDepositAddressesResponse,
  MessageResponse,
} from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { keyedRequest } from '../../http/listing';
import { pendingResponse } from '../approvals/approvals.repo';
import { memberDepositAddresses } from './member-addresses';

/**
 * The EVM chains deposits are accepted on. Anyone may read them (the web app builds its wallet
 * connection from them before sign-in); an admin asks to change a chain's stablecoin, decimals,
 * confirmations or switch, and a second admin approves it (202; decision 0029).
 */
export function chainsRoutes(app: App): void {
  const { chains, db } = app.deps;
  const tags = ['chains'];

  // The member's own deposit addresses (decision 0033): made on first read, the same ever after.
  app.get(
    '/wallets/deposit-addresses',
    {
      config: { access: 'member' },
      schema: { tags: ['wallets'], response: { 200: MemberDepositAddressesResponse } },
    },
    async (request) => memberDepositAddresses(db, chains, principalOf(request).userId),
  );

  app.get(
    '/chains',
    { config: { access: 'public' }, schema: { tags, response: { 200: ChainsResponse } } },
    async () => chains.all(),
  );
  app.put(
    '/chains/:chainId',
    {
      config: { access: 'admin', permission: 'settings' },
      schema: {
        tags,
        params: ChainIdParam,
        body: ChainSettingsBody,
        response: { 200: ChainsResponse.extend(MessageResponse.shape), 202: ApprovalPendingResponse },
      },
    },
    async (request, reply) => {
      const { reason, ...patch } = request.body;
      const awaiting = await chains.request(
        principalOf(request).userId,
        request.params.chainId,
        patch,
        reason,
        keyedRequest(request).key,
      );
      if (awaiting) return reply.status(202).send(pendingResponse(awaiting));
      return { message: 'Nothing changed: these are the chain’s settings already.', ...(await chains.all()) };
    },
  );
}
