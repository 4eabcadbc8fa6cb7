import type { FastifyRequest } from 'fastify';
import { readContext } from '../db/read-router';
import type { App } from '../deps';

/**
 * Read-your-writes with reads on replicas (decision 0080). A request that changes something (any method but GET,
 * HEAD and OPTIONS) notes, when it is answered, the time of its answer for its caller; that caller's reads through
 * `deps.reads` then go to a replica only once the replica holds every commit made before that time (read-router.ts),
 * and to the primary until then.
 *
 * The note is kept in this process, and handed to the caller in the `X-Read-After` header, which the web app sends
 * back with its next calls: so a member whose next call reaches another instance still sees their own write. A value
 * sent by a client can only move that client's own reads to the primary, and never further than the time it is
 * sent (a forged one costs the primary one read, nothing else).
 */
export const READ_AFTER_HEADER = 'x-read-after';

/** Clocks of two instances may differ by this much: a time from another instance is taken as that much later. */
const CLOCK_MARGIN_MS = 1_000;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerReadYourWrites(app: App, maxLagMs: number): void {
  const lastWrite = new Map<bigint, number>();
  // A write older than the allowed lag needs nothing: every replica still used holds it.
  const forgetBefore = () => Date.now() - maxLagMs - CLOCK_MARGIN_MS;

  const afterOf = (request: FastifyRequest): number | undefined => {
    const own = request.principal ? lastWrite.get(request.principal.userId) : undefined;
    const raw = request.headers[READ_AFTER_HEADER];
    const sent =
      typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) + CLOCK_MARGIN_MS : undefined;
    const said = sent === undefined ? undefined : Math.min(sent, Date.now());
    if (own === undefined) return said;
    return said === undefined ? own : Math.max(own, said);
  };

  app.addHook('onRequest', (request, _reply, done) => {
    readContext.run({ after: () => afterOf(request) }, done);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || !request.principal) return payload;
    // The handler is done: what it wrote is committed; this time is after that commit.
    const now = Date.now();
    lastWrite.set(request.principal.userId, now);
    if (lastWrite.size > 10_000) {
      const before = forgetBefore();
      for (const [who, at] of lastWrite) if (at < before) lastWrite.delete(who);
    }
    reply.header(READ_AFTER_HEADER, String(now));
    return payload;
  });
}
