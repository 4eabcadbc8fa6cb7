import {
  ApprovalPendingResponse,
  PublicSettings,
  PublicSettingsResponse,
  SettingsResponse,
  UpdateSettingsBody,
} from '@sgx/contracts';
import { z } from 'zod';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { keyedRequest } from '../../http/listing';
import { pendingResponse } from '../approvals/approvals.repo';

export function settingsRoutes(app: App): void {
  const { settings } = app.deps;

  app.get(
    '/settings',
    {
      config: { access: 'admin', permission: 'dashboard' },
      schema: { tags: ['settings'], response: { 200: SettingsResponse } },
    },
    async () => ({ settings: await settings.all() }),
  );

  app.get(
    '/settings/public',
    {
      config: { access: 'public' },
      schema: { tags: ['settings'], response: { 200: PublicSettingsResponse } },
    },
    async () => ({ settings: PublicSettings.parse(await settings.all()) }),
  );

  app.put(
    '/settings',
    {
      config: { access: 'admin', permission: 'settings' },
      schema: {
        tags: ['settings'],
        body: UpdateSettingsBody,
        response: {
          200: SettingsResponse.extend({ message: z.string() }),
          202: ApprovalPendingResponse.extend(SettingsResponse.shape),
        },
      },
    },
    async (request, reply) => {
      const actor = principalOf(request).userId;
      const { settings: next, awaiting } = await settings.request(
        actor,
        request.body.settings,
        request.body.reason,
        keyedRequest(request).key,
      );
      // Feature switches are saved; a change of an economic setting waits for a second admin (decision 0024).
      if (awaiting) return reply.status(202).send({ ...pendingResponse(awaiting), settings: next });
      return { settings: next, message: 'Settings saved.' };
    },
  );
}
