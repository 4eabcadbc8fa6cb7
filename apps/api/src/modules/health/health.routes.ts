import { sql } from 'kysely';
import { z } from 'zod';
import type { App } from '../../deps';

export function healthRoutes(app: App): void {
  app.get(
    '/health/live',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (request, reply) => {
      try {
        await withinMs(sql`SELECT 1`.execute(app.deps.db), READY_WITHIN_MS);
        return { status: 'ready' as const };
      } catch (err) {
        request.log.warn(`not ready: ${err instanceof Error ? err.message : String(err)}`);
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
}

/**
 * Readiness answers within this time: a database that neither answers nor refuses (a cut network, a
 * pool with every connection busy) is "not ready" too, and a load balancer's probe must not hang on it.
 */
export const READY_WITHIN_MS = 2_000;

/** `work`, or a rejection after `ms`; the work itself goes on and its outcome is dropped. */
function withinMs<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the database within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
