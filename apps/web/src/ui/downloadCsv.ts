import { ErrorBody } from '@sgx/contracts';
import { API_BASE } from '../app/api';
import { ApiError } from '../app/apiError';
import { store } from '../app/store';
import { tr } from '../i18n/i18n';
import { SHELL_NS } from './i18n';

function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition === null ? null : /filename="?([^";]+)"?/i.exec(disposition);
  return match?.[1] ?? `${fallback}.csv`;
}

/**
 * Downloads a list endpoint's CSV export (`format=csv`) with the session's bearer credential, as the
 * browser cannot send that header on a plain link. The file is saved under the server's name.
 */
export async function downloadCsv(path: string, query: URLSearchParams, fallbackName: string): Promise<void> {
  const qs = new URLSearchParams(query);
  qs.delete('page');
  qs.delete('limit');
  qs.set('format', 'csv');
  const token = store.getState().auth.auth?.token;
  const headers: Record<string, string> = { Accept: 'text/csv' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}?${qs}`, { headers });
  } catch {
    throw new ApiError(tr('errors.network'), 0, 'NETWORK');
  }
  if (!response.ok) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    const parsed = ErrorBody.safeParse(body);
    if (parsed.success) throw new ApiError(parsed.data.message, response.status, parsed.data.code);
    throw new ApiError(
      tr(`${SHELL_NS}:ui.exportFailed`, { status: response.status }),
      response.status,
      'HTTP',
    );
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
