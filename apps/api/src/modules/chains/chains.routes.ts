import { ChainIdParam, ChainSettingsBody, ChainsResponse, MessageResponse } from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';

/**
 * The EVM chains deposits are accepted on. Anyone may read them (the web app builds its wallet
 * connection from them before sign-in); admins change a chain's stablecoin, decimals and confirmations.
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
        response: { 200: ChainsResponse.extend(MessageResponse.shape) },
      },
    },
    async (request) => {
      const { reason, ...patch } = request.body;
      await chains.update(principalOf(request).userId, request.params.chainId, patch, reason);
      return { message: 'Chain settings saved', ...(await chains.all()) };
    },
  );
}
