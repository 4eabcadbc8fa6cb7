import { IdParam, RuleVersionResponse, RuleVersionsResponse } from '@sgx/contracts';
import type { App } from '../../deps';
import { ruleVersion, ruleVersions } from './rule-versions';

/**
 * The rule versions in the back-office (decision 0070): every set of economic rules that was in force, with its dates
 * and what it changed. Read by whoever reads the settings.
 */
export function rulesRoutes(app: App): void {
  const tags = ['settings'];
  const access = { access: 'admin', permission: 'settings' } as const;
  app.get(
    '/admin/rules/versions',
    { config: access, schema: { tags, response: { 200: RuleVersionsResponse } } },
    async () => ({ versions: await ruleVersions(app.deps.db) }),
  );
  app.get(
    '/admin/rules/versions/:id',
    { config: access, schema: { tags, params: IdParam, response: { 200: RuleVersionResponse } } },
    async (request) => ruleVersion(app.deps.db, request.params.id),
  );
}
