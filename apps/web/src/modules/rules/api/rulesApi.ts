import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';
import { contract } from '../../../app/lazySchema';

/** Under ['admin']: read again after any approval is decided (a plan change approved writes a new version). */
export const ruleKeys = {
  all: ['admin', 'rules'] as const,
  versions: ['admin', 'rules', 'versions'] as const,
  version: (id: number) => ['admin', 'rules', 'versions', id] as const,
};

/** GET /admin/rules/versions (decision 0070): every version of the economic rules, the newest first. */
export function useRuleVersions() {
  return useQuery({
    queryKey: ruleKeys.versions,
    queryFn: ({ signal }) =>
      apiRequest('/admin/rules/versions', { schema: contract('RuleVersionsResponse'), signal }),
    select: (d) => d.versions,
  });
}

/** GET /admin/rules/versions/:id: one version and the full rule set it held (settings and plans). */
export function useRuleVersion(id: number | null) {
  return useQuery({
    queryKey: ruleKeys.version(id ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`/admin/rules/versions/${id}`, { schema: contract('RuleVersionResponse'), signal }),
    enabled: id !== null,
  });
}
