import { Recipient, RecipientLookupQuery } from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { RecipientsService } from './recipients.service';

/** GET /members/lookup: who a transfer or friend top-up goes to, before the member confirms it (decision 0036). */
export function recipientsRoutes(app: App): void {
  const { db, limiter, config } = app.deps;
  const recipients = new RecipientsService(db, limiter, config.rateLimits.windowMs);

  app.get(
    '/members/lookup',
    {
      config: { access: 'member' },
      schema: { tags: ['transfers'], querystring: RecipientLookupQuery, response: { 200: Recipient } },
    },
    async (request) => recipients.lookup(principalOf(request).userId, request.query),
  );
}
