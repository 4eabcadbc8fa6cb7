import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { writeAudit } from '../audit/audit.repo';

/**
 * Every call made with an API key is one audit entry (decision 0071), under its creator (the actor) and the key
 * (`api_key:<id>`: the audit search's record filter), with the method, the route, the status and the address;
 * refused calls too, once the key was found. Written before the answer leaves (onSend), so a caller that has its
 * answer finds the entry.
 */
export function registerApiKeyAudit(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.apiKey;
    if (!key) return payload;
    try {
      await writeAudit(db, {
        actorId: key.userId,
        action: 'api_key.call',
        entity: 'api_key',
        entityId: key.id,
        after: {
          method: request.method,
          route: request.routeOptions.url ?? request.url.split('?')[0],
          status: reply.statusCode,
          ip: request.ip,
        },
      });
    } catch (err) {
      request.log.error({ err, apiKeyId: String(key.id) }, 'API key call not audited');
    }
    return payload;
  });
}
