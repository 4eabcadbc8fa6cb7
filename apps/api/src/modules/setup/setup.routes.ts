import { SetupStatusResponse } from '@sgx/contracts';
import type { App } from '../../deps';
import { SetupService } from './setup.service';

/**
 * The first-run checklist of the admin dashboard: what a fresh install still needs, and where it is set. Its
 * items are settings, so it belongs to the settings area (read: owner and compliance; decision 0056).
 */
export function setupRoutes(app: App): void {
  const { db, mailer } = app.deps;
  const setup = new SetupService(db, () => mailer.smtpConfigured);

  app.get(
    '/admin/setup',
    {
      config: { access: 'admin', permission: 'settings' },
      schema: { tags: ['setup'], response: { 200: SetupStatusResponse } },
    },
    async () => setup.status(),
  );
}
