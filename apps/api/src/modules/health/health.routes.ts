import { sql } from 'kysely';
import { z } from 'zod';
import type { App } from '../../deps';
import { PROBE_WITHIN_MS, recoveryOf, withinMs } from './recovery';

export function healthRoutes(app: App): void {
  // 503 only when the process cannot recover by itself (recovery.ts): an orchestrator restarts it then.
  // A database that is down is no reason: readiness says that.
  app.get(
    '/health/live',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('stuck') }),
        },
      },
    },
    async (request, reply) => {
      const verdict = (await recoveryOf(app.deps)?.check()) ?? { live: true };
      if (verdict.live) return { status: 'ok' as const };
      request.log.error(`not live: ${verdict.reason}`);
      return reply.status(503).send({ status: 'stuck' as const });
    },
  );

  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        response: {
          200: z.object({
            status: z.literal('ready'),
            /**
             * With read replicas (decision 0080): each one's state. One lagging or down is a warning, not
             * unreadiness: its reads go to the primary meanwhile.
             */
            replicas: z
              .array(
                z.object({
                  name: z.string(),
                  state: z.enum(['ok', 'lagging', 'down']),
                  lag_ms: z.number().int().nullable(),
                  reads: z.number().int(),
                }),
              )
              .optional(),
            warnings: z.array(z.string()).optional(),
          }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (request, reply) => {
      try {
        await withinMs(sql`SELECT 1`.execute(app.deps.db), READY_WITHIN_MS);
        const router = app.deps.readRouter;
        if (!router) return { status: 'ready' as const };
        const replicas = router.health();
        const warnings = replicas
          .filter((r) => r.state !== 'ok')
          .map((r) =>
            r.state === 'down'
              ? `Read replica ${r.name} is down: its reads go to the primary.`
              : `Read replica ${r.name} is ${r.lag_ms} ms behind: its reads go to the primary.`,
          );
        return { status: 'ready' as const, replicas, ...(warnings.length > 0 ? { warnings } : {}) };
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
export const READY_WITHIN_MS = PROBE_WITHIN_MS;
