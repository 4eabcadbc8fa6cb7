import {
  SweepBody,
  SweepChainQuery,
  SweepIdParam,
  SweepOverview,
  SweepResponse,
  SweepsResponse,
  SweepTransactionBody,
} from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';

/**
 * Sweeps of members' own deposit addresses to the treasury (decision 0033): admins only. Preparing one
 * needs the admin's second factor; the operator's wallet sends it; the server verifies it on chain.
 */
export function sweepsRoutes(app: App): void {
  const { sweeps } = app.deps;
  const tags = ['sweeps'];

  app.get(
    '/sweeps/overview',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, querystring: SweepChainQuery, response: { 200: SweepOverview } },
    },
    (request) => sweeps.overview(request.query.chain_id),
  );
  app.get(
    '/sweeps',
    { config: { access: 'admin', permission: 'money' }, schema: { tags, response: { 200: SweepsResponse } } },
    async () => ({ sweeps: await sweeps.list() }),
  );
  app.post(
    '/sweeps',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, body: SweepBody, response: { 201: SweepResponse } },
    },
    async (request, reply) => {
      const sweep = await sweeps.prepare(principalOf(request), request.body, request.ip);
      return reply.status(201).send({
        message: `Sweep #${sweep.id} prepared: send it from your wallet to ${sweep.to}. Only the treasury ${sweep.treasury} can receive it.`,
        sweep,
      });
    },
  );
  app.post(
    '/sweeps/:id/transaction',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, params: SweepIdParam, body: SweepTransactionBody, response: { 200: SweepResponse } },
    },
    async (request) => {
      const sweep = await sweeps.submit(principalOf(request), BigInt(request.params.id), request.body.hash);
      const message =
        sweep.status === 'confirmed'
          ? `Sweep #${sweep.id} confirmed on chain.`
          : sweep.status === 'failed'
            ? `Sweep #${sweep.id} failed: ${sweep.failure ?? 'see the transaction'}`
            : `Sweep #${sweep.id} sent: it is confirmed once the chain has enough confirmations.`;
      return { message, sweep };
    },
  );
}
