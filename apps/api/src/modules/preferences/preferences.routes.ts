import { PreferencesBody, PreferencesResponse } from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { PreferencesService } from './preferences.service';

/**
 * The signed-in account's own language and time zone (decision 0039): GET to apply them after sign-in, PUT to
 * save a choice. The account is always the session's; admins keep theirs the same way as members.
 */
export function preferencesRoutes(app: App): void {
  const preferences = new PreferencesService(app.deps.db);
  const tags = ['profile'];

  app.get(
    '/profile/preferences',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: PreferencesResponse } } },
    async (request) => preferences.read(principalOf(request).userId),
  );
  app.put(
    '/profile/preferences',
    {
      config: { access: 'signed-in' },
      schema: { tags, body: PreferencesBody, response: { 200: PreferencesResponse } },
    },
    async (request) => preferences.save(principalOf(request).userId, request.body),
  );
}
