import { PublicSettings, PublicSettingsResponse, SettingsResponse, UpdateSettingsBody } from '@sgx/contracts';
import { z } from 'zod';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';

export function settingsRoutes(app: App): void {
  const { settings } = app.deps;

  app.get(
    '/settings',
    { config: { access: 'admin' }, schema: { tags: ['settings'], response: { 200: SettingsResponse } } },
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
      config: { access: 'admin' },
      schema: {
        tags: ['settings'],
        body: UpdateSettingsBody,
        response: { 200: SettingsResponse.extend({ message: z.string() }) },
      },
    },
    async (request) => {
      const actor = principalOf(request).userId;
      const next = await settings.change(actor, request.body.settings, request.body.reason);
      return { settings: next, message: 'Settings saved.' };
    },
  );
}
