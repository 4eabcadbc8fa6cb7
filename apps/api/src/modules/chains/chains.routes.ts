import {
  ApprovalPendingResponse,
  ChainIdParam,
  ChainSettingsBody,
  ChainsResponse,
  MessageResponse,
} from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { keyedRequest } from '../../http/listing';
import { pendingResponse } from '../approvals/approvals.repo';

/**
 * The EVM chains deposits are accepted on. Anyone may read them (the web app builds its wallet
 * connection from them before sign-in); an admin asks to change a chain's stablecoin, decimals,
 * confirmations or switch, and a second admin approves it (202; decision 0029).
 */
export function chainsRoutes(app: App): void {
  const { chains } = app.deps;
  const tags = ['chains'];

  app.get(
    '/chains',
    { config: { access: 'public' }, schema: { tags, response: { 200: ChainsResponse } } },
    async () => chains.all(),
  );
  app.put(
    '/chains/:chainId',
    {
      config: { access: 'admin' },
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
