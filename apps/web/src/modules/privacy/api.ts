import type { PrivacyCloseBody, PrivacyExportBody } from '@sgx/contracts';
import { ErrorBody } from '@sgx/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '../../app/api';
import { ApiError } from '../../app/apiError';
import { contract } from '../../app/lazySchema';
import { store } from '../../app/store';
import { tr } from '../../i18n/i18n';

/** Members' data rights (decision 0077): the copy of their data, closing the account. */
const keys = {
  export: ['privacy', 'export'] as const,
  close: ['privacy', 'close'] as const,
};

export function useExportState() {
  return useQuery({
    queryKey: keys.export,
    queryFn: ({ signal }) =>
      apiRequest('/privacy/export', { schema: contract('PrivacyExportState'), signal }),
  });
}

export function usePrepareExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PrivacyExportBody) =>
      apiRequest('/privacy/export', { method: 'POST', body, schema: contract('PrivacyExportState') }),
    onSuccess: (state) => queryClient.setQueryData(keys.export, state),
  });
}

export function useCloseState() {
  return useQuery({
    queryKey: keys.close,
    queryFn: ({ signal }) => apiRequest('/privacy/close', { schema: contract('PrivacyCloseState'), signal }),
  });
}

export function useCloseAccount() {
  return useMutation({
    mutationFn: (body: PrivacyCloseBody) =>
      apiRequest('/privacy/close', { method: 'POST', body, schema: contract('MessageResponse') }),
  });
}

/** Saves the prepared zip under the server's name, fetched with the session's bearer token. */
export async function downloadCopy(): Promise<void> {
  const token = store.getState().auth.auth?.token;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/privacy/export/download`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(tr('errors.network'), 0, 'NETWORK');
  }
  if (!response.ok) {
    const parsed = ErrorBody.safeParse(await response.json().catch(() => null));
    if (parsed.success) throw new ApiError(parsed.data.message, response.status, parsed.data.code);
    throw new ApiError(tr('errors.generic'), response.status, 'HTTP');
  }
  const blob = await response.blob();
  const name = /filename="?([^";]+)"?/i.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name ?? 'socialgenx-my-data.zip';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
