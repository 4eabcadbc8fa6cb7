import {
  IdParam,
  MessageResponse,
  WebhookCodeBody,
  WebhookCreateBody,
  WebhookDeliveryParam,
  WebhookEditBody,
  WebhookEndpointResponse,
  WebhookListResponse,
  WebhookLogResponse,
  WebhookSecretResponse,
} from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';

/**
 * Signed webhooks (decision 0072): owners' endpoints, their delivery log, redelivery and a test ping. A ping and a
 * redelivery answer 200 once queued (202 means "waits for a second admin" to the app).
 */
export function webhooksRoutes(app: App): void {
  const hooks = app.deps.webhooks;
  const tags = ['webhooks'];
  const owner = { access: 'admin', permission: 'staff' } as const;

  app.get(
    '/admin/webhooks',
    { config: owner, schema: { tags, response: { 200: WebhookListResponse } } },
    () => hooks.list(),
  );
  app.post(
    '/admin/webhooks',
    { config: owner, schema: { tags, body: WebhookCreateBody, response: { 201: WebhookSecretResponse } } },
    async (request, reply) => {
      const made = await hooks.create(principalOf(request), request.body);
      return reply
        .status(201)
        .send({ message: 'Endpoint added. Copy the signing secret now: it is not shown again.', ...made });
    },
  );
  app.put(
    '/admin/webhooks/:id',
    {
      config: owner,
      schema: { tags, params: IdParam, body: WebhookEditBody, response: { 200: WebhookEndpointResponse } },
    },
    async (request) => ({
      message: 'Endpoint saved.',
      endpoint: await hooks.edit(principalOf(request), request.params.id, request.body),
    }),
  );
  app.post(
    '/admin/webhooks/:id/enable',
    { config: owner, schema: { tags, params: IdParam, response: { 200: WebhookEndpointResponse } } },
    async (request) => ({
      message: 'Endpoint enabled.',
      endpoint: await hooks.setEnabled(principalOf(request), request.params.id, true),
    }),
  );
  app.post(
    '/admin/webhooks/:id/disable',
    { config: owner, schema: { tags, params: IdParam, response: { 200: WebhookEndpointResponse } } },
    async (request) => ({
      message: 'Endpoint disabled.',
      endpoint: await hooks.setEnabled(principalOf(request), request.params.id, false),
    }),
  );
  app.post(
    '/admin/webhooks/:id/rotate',
    {
      config: owner,
      schema: { tags, params: IdParam, body: WebhookCodeBody, response: { 200: WebhookSecretResponse } },
    },
    async (request) => ({
      message: 'New signing secret made: both secrets sign for 24 hours. Copy it now: it is not shown again.',
      ...(await hooks.rotate(principalOf(request), request.params.id, request.body.code)),
    }),
  );
  app.delete(
    '/admin/webhooks/:id',
    { config: owner, schema: { tags, params: IdParam, response: { 200: MessageResponse } } },
    async (request) => {
      await hooks.remove(principalOf(request), request.params.id);
      return { message: 'Endpoint deleted.' };
    },
  );
  app.post(
    '/admin/webhooks/:id/ping',
    { config: owner, schema: { tags, params: IdParam, response: { 200: MessageResponse } } },
    async (request) => {
      await hooks.ping(principalOf(request), request.params.id);
      return { message: 'Test ping queued.' };
    },
  );
  app.get(
    '/admin/webhooks/:id/deliveries',
    { config: owner, schema: { tags, params: IdParam, response: { 200: WebhookLogResponse } } },
    async (request) => ({ attempts: await hooks.log(request.params.id) }),
  );
  app.post(
    '/admin/webhooks/:id/deliveries/:deliveryId/redeliver',
    { config: owner, schema: { tags, params: WebhookDeliveryParam, response: { 200: MessageResponse } } },
    async (request) => {
      await hooks.redeliver(principalOf(request), request.params.id, request.params.deliveryId);
      return { message: 'Redelivery queued.' };
    },
  );
}
