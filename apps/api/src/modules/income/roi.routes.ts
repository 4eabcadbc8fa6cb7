import { amountOut, RoiCheckResponse, SelfTradeResponse, WatchStartResponse } from '@sgx/contracts';
import { z } from 'zod';
import type { App } from '../../app';
import { assertSelfOrAdmin, principalOf } from '../../http/access';

const UserIdParam = z.object({ userId: z.coerce.number().int().positive() });

export function roiRoutes(app: App): void {
  const { roi } = app.deps;
  const tags = ['watch and earn'];

  app.get(
    '/tr/roi-check/:userId',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: UserIdParam, response: { 200: RoiCheckResponse } },
    },
    async (request) => {
      assertSelfOrAdmin(principalOf(request), request.params.userId);
      return { found: await roi.found(BigInt(request.params.userId)) };
    },
  );
  app.post(
    '/watch/start',
    { config: { access: 'member' }, schema: { tags, response: { 201: WatchStartResponse } } },
    async (request, reply) => reply.status(201).send(await roi.startWatch(principalOf(request))),
  );
  app.put(
    '/referral/self-trade/:userId',
    {
      config: { access: 'member' },
      schema: { tags, params: UserIdParam, response: { 200: SelfTradeResponse } },
    },
    async (request) => {
      const r = await roi.claim(principalOf(request), BigInt(request.params.userId));
      return {
        message:
          r.paid > 0n ? 'Reward claimed successfully!' : `No reward paid: ${r.reason ?? 'nothing due'}`,
        paid: amountOut(r.paid),
        due: amountOut(r.due),
        skipped_reason: r.reason,
      };
    },
  );
}
