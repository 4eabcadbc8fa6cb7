import { IdentityLimitsResponse, SetCountryBody, SetCountryResponse } from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { IdentityLimitsService } from './identity-limits.service';

/**
 * The member's identity limits and country of residence (decision 0073). Always the session's own member: the
 * body names no member.
 */
export function identityLimitsRoutes(app: App): void {
  const service = new IdentityLimitsService(app.deps.db, app.deps.settings);
  const tags = ['identity'];

  app.get(
    '/identity/limits',
    {
      config: { access: 'member' },
      schema: {
        tags,
        description:
          "The member's identity level and country, each limit of the level (deposits, withdrawals a day and in 30 days, the largest plan, transfers a day) with what is used in its window and what remains (null: no limit), and the next level's limits.",
        response: { 200: IdentityLimitsResponse },
      },
    },
    async (request) => service.limits(principalOf(request).userId),
  );
  app.put(
    '/identity/country',
    {
      config: { access: 'member' },
      schema: {
        tags,
        description:
          "Sets the member's country of residence (ISO 3166-1 alpha-2) once, when it is empty; a country the operator does not serve (the unservedCountries setting) is refused.",
        body: SetCountryBody,
        response: { 200: SetCountryResponse },
      },
    },
    async (request) => service.setCountry(principalOf(request).userId, request.body.country),
  );
}
