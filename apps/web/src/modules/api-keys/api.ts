import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../app/api';
import { contract } from '../../app/lazySchema';

/** Whose keys: a staff member's (the back-office) or a member's (their Security page). Decision 0071. */
export type KeyKind = 'staff' | 'member';

const base = (kind: KeyKind) => (kind === 'staff' ? '/admin/api-keys' : '/api-keys');
const listKey = (kind: KeyKind) => ['api-keys', kind] as const;

export function useApiKeys(kind: KeyKind) {
  return useQuery({
    queryKey: listKey(kind),
    queryFn: ({ signal }) => apiRequest(base(kind), { schema: contract('ApiKeyListResponse'), signal }),
  });
}

export type NewKey = {
  name: string;
  scopes: string[];
  expires_at: string | null;
  networks: string[];
  code: string;
};

export function useCreateApiKey(kind: KeyKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ scopes, ...rest }: NewKey) =>
      apiRequest(base(kind), {
        method: 'POST',
        body: kind === 'staff' ? { ...rest, scopes } : rest,
        schema: contract('ApiKeyCreatedResponse'),
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: listKey(kind) }),
  });
}

export function useRevokeApiKey(kind: KeyKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`${base(kind)}/${id}/revoke`, { method: 'POST', schema: contract('ApiKeyResponse') }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: listKey(kind) }),
  });
}
