import type { IdentityStatusResponse, IdentitySubmissionDetail } from '@sgx/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '../../app/api';
import { ApiError } from '../../app/apiError';
import { contract } from '../../app/lazySchema';
import { store } from '../../app/store';
import { tr } from '../../i18n/i18n';
import { postForm } from '../content/api/upload';

/** Identity verification (decision 0074): the member's levels and submissions, the compliance review queue. */
const keys = {
  status: ['identity', 'status'] as const,
  queue: (state: string) => ['identity', 'queue', state] as const,
  submission: (id: number) => ['identity', 'submission', id] as const,
};

export const MAX_DOCUMENT_BYTES = 8 * 1024 * 1024;

export function useIdentityStatus() {
  return useQuery<IdentityStatusResponse>({
    queryKey: keys.status,
    queryFn: ({ signal }) => apiRequest('/identity', { schema: contract('IdentityStatusResponse'), signal }),
  });
}

/** POST /identity/level1 or /level2 as multipart (the files are checked by content on the server too). */
export function useSubmitIdentity(level: 1 | 2) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      postForm(`/identity/level${level}`, form, contract('IdentitySubmittedResponse')),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['identity'] });
    },
  });
}

export function useIdentityQueue(state: string, after: number | undefined) {
  return useQuery({
    queryKey: [...keys.queue(state), after ?? 0],
    queryFn: ({ signal }) =>
      apiRequest(
        `/admin/identity/submissions?${new URLSearchParams({ state, ...(after ? { after: String(after) } : {}) })}`,
        { schema: contract('IdentityQueueResponse'), signal },
      ),
  });
}

export function useIdentitySubmission(id: number | null) {
  return useQuery<{ submission: IdentitySubmissionDetail }>({
    queryKey: keys.submission(id ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`/admin/identity/submissions/${id}`, {
        schema: contract('IdentitySubmissionResponse'),
        signal,
      }),
    enabled: id !== null,
  });
}

export type ReviewAction =
  | { id: number; action: 'approve' }
  | { id: number; action: 'reject'; reason: string }
  | { id: number; action: 'second-look'; decision: 'confirm' | 'overturn' };

export function useDecideIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: ReviewAction) =>
      apiRequest(`/admin/identity/submissions/${a.id}/${a.action}`, {
        method: 'POST',
        ...(a.action === 'reject' ? { body: { reason: a.reason } } : {}),
        ...(a.action === 'second-look' ? { body: { decision: a.decision } } : {}),
        schema: contract('IdentityDecisionResponse'),
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['identity'] }),
  });
}

/**
 * A document's bytes, fetched with the staff session's bearer token (never a public address: the server streams it
 * decrypted, `no-store`, and audits the view). The caller turns it into an object URL and revokes it when done.
 */
export async function fetchDocument(
  submissionId: number,
  docId: number,
  signal?: AbortSignal,
): Promise<Blob> {
  const token = store.getState().auth.auth?.token;
  const response = await fetch(`${API_BASE}/admin/identity/submissions/${submissionId}/documents/${docId}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
    throw new ApiError(body?.message ?? tr('errors.generic'), response.status, body?.code ?? 'HTTP');
  }
  return response.blob();
}
