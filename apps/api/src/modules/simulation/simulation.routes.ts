import { IdParam, SimulationResponse, SimulationStartBody } from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';

/**
 * The plan-change simulator in the back-office (decision 0069): admins who may change the settings start one (it
 * runs in the background: 202 with its row) and read it (status, progress, result).
 */
export function simulationRoutes(app: App): void {
  const service = app.deps.simulations;
  const tags = ['simulations'];
  const access = { access: 'admin', permission: 'settings' } as const;

  app.post(
    '/admin/simulations',
    { config: access, schema: { tags, body: SimulationStartBody, response: { 202: SimulationResponse } } },
    async (request, reply) => {
      const { id } = await service.start(principalOf(request).userId, request.body);
      return reply.status(202).send({ simulation: await service.get(id) });
    },
  );

  app.get(
    '/admin/simulations/:id',
    { config: access, schema: { tags, params: IdParam, response: { 200: SimulationResponse } } },
    async (request) => ({ simulation: await service.get(BigInt(request.params.id)) }),
  );

  // An approval's own simulation (made from the approval; started when none is done or under way).
  app.get(
    '/admin/approvals/:id/simulation',
    { config: access, schema: { tags, params: IdParam, response: { 200: SimulationResponse } } },
    async (request) => ({
      simulation: await service.forApproval(BigInt(request.params.id), principalOf(request).userId),
    }),
  );
}
