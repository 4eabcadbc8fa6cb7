import { SetupStatusResponse } from '@sgx/contracts';
import type { App } from '../../deps';
import { SetupService } from './setup.service';

/** The first-run checklist of the admin dashboard: what a fresh install still needs, and where it is set. */
export function setupRoutes(app: App): void {
  const { db, mailer } = app.deps;
  const setup = new SetupService(db, () => mailer.smtpConfigured);

  app.get(
    '/admin/setup',
    {
      config: { access: 'admin', permission: 'dashboard' },
      schema: { tags: ['setup'], response: { 200: SetupStatusResponse } },
    },
    async () => setup.status(),
  );
}
