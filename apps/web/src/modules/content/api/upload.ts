import { API_BASE } from '../../../app/api';
import { ApiError } from '../../../app/apiError';
import { type LazySchema, loadSchemas, type ResponseSchema, resolveSchema } from '../../../app/lazySchema';
import { store } from '../../../app/store';
import { tr } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { signedOut } from '../../auth/authSlice';

/** Images the server accepts (checked there by content): PNG, JPEG, GIF or WebP, at most 2 MB. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/**
 * Why a chosen file cannot be sent, or null when it can. The server checks again by content. Its texts (and
 * postForm's) are the content namespace's, registered by the admin screens that upload (not here: members'
 * pages use this file's messageOr only, and need not load those texts).
 */
export function imageFileError(file: File | null): string | null {
  if (file === null) return tr('content:upload.chooseImage');
  if (!IMAGE_TYPES.includes(file.type)) return tr('content:upload.imageType');
  if (file.size > MAX_IMAGE_BYTES) return tr('content:upload.imageSize');
  return null;
}

/**
 * Sends a multipart form (an image upload) with the session's bearer credential. The shared JSON client
 * cannot send form data, so this mirrors its handling: the server's error body becomes an ApiError, and a
 * rejected credential ends the session.
 */
export async function postForm<T>(
  path: string,
  form: FormData,
  schema: ResponseSchema<T> | LazySchema<T>,
): Promise<T> {
  const token = store.getState().auth.auth?.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { method: 'POST', headers, body: form });
  } catch {
    throw new ApiError(tr('common:errors.network'), 0, 'NETWORK');
  }
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  if (!response.ok) {
    if (response.status === 401 && token) store.dispatch(signedOut());
    const parsed = await loadSchemas().then(
      ({ ErrorBody }) => ErrorBody.safeParse(payload),
      () => ({ success: false }) as const,
    );
    if (parsed.success) {
      throw new ApiError(parsed.data.message, response.status, parsed.data.code, parsed.data.details ?? {});
    }
    throw new ApiError(
      tr('content:upload.requestFailed', { status: response.status }),
      response.status,
      'HTTP',
    );
  }
  const checked = (await resolveSchema(schema)).safeParse(payload);
  if (!checked.success) throw new ApiError(tr('common:errors.badResponse'), response.status, 'BAD_RESPONSE');
  return checked.data;
}

/**
 * The server's message for a failed call (or the network message), or the screen's own default when the
 * server said nothing usable (an answer without an error body, or an unreadable one).
 */
export function messageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.code === 'BAD_RESPONSE' || error.code === 'HTTP') return fallback;
    return serverText(error.message) || fallback;
  }
  return fallback;
}
