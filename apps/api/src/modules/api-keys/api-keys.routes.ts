import {
  ApiKeyCreatedResponse,
  ApiKeyListResponse,
  ApiKeyResponse,
  IdParam,
  MemberApiKeyBody,
  StaffApiKeyBody,
} from '@sgx/contracts';
import type { FastifyContextConfig } from 'fastify';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { ApiKeysService } from './api-keys.service';

/**
 * API keys (decision 0071): every staff role makes and revokes its own (the back-office frame's area, `dashboard`,
 * which every role holds; owners list and revoke every staff key); members make read-only keys for their own data.
 * No key may call these routes (`keyless`): a key never makes or revokes a key.
 */
export function apiKeysRoutes(app: App): void {
  const keys = new ApiKeysService(app.deps.db);
  const tags = ['api-keys'];
  const staff = { access: 'admin', permission: 'dashboard', keyless: true } as const;
  const member = { access: 'member', keyless: true } as const;

  const bases: [string, FastifyContextConfig][] = [
    ['/admin/api-keys', staff],
    ['/api-keys', member],
  ];
  for (const [base, config] of bases) {
    app.get(base, { config, schema: { tags, response: { 200: ApiKeyListResponse } } }, async (request) => {
      const p = principalOf(request);
      return { keys: await keys.list(p), grantable: keys.grantable(p) };
    });
    app.post(
      `${base}/:id/revoke`,
      { config, schema: { tags, params: IdParam, response: { 200: ApiKeyResponse } } },
      async (request) => ({
        message: 'API key revoked: it stops working at once.',
        key: await keys.revoke(principalOf(request), request.params.id),
      }),
    );
  }
  app.post(
    '/admin/api-keys',
    { config: staff, schema: { tags, body: StaffApiKeyBody, response: { 201: ApiKeyCreatedResponse } } },
    async (request, reply) => {
      const made = await keys.createStaff(principalOf(request), request.body, request.ip);
      return reply
        .status(201)
        .send({ message: 'API key created. Copy the secret now: it is shown only this once.', ...made });
    },
  );
  app.post(
    '/api-keys',
    { config: member, schema: { tags, body: MemberApiKeyBody, response: { 201: ApiKeyCreatedResponse } } },
    async (request, reply) => {
      const made = await keys.createMember(principalOf(request), request.body, request.ip);
      return reply
        .status(201)
        .send({ message: 'API key created. Copy the secret now: it is shown only this once.', ...made });
    },
  );
}
