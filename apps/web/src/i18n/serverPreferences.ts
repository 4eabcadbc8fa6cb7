import { apiRequest } from '../app/api';
import { changeLocale } from './i18n';
import { type AppLocale, isAppLocale, setTimeZone } from './state';

/** What GET/PUT /profile/preferences answer (checked by hand: no zod on this path). */
export interface SavedPreferences {
  locale: AppLocale | null;
  time_zone: string | null;
}

function readPreferences(data: unknown): SavedPreferences {
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  return {
    locale: isAppLocale(d.locale) ? d.locale : null,
    time_zone: typeof d.time_zone === 'string' ? d.time_zone : null,
  };
}

export async function fetchPreferences(signal?: AbortSignal): Promise<SavedPreferences> {
  return readPreferences(await apiRequest('/profile/preferences', { signal }));
}

export async function savePreferences(body: {
  locale?: AppLocale;
  time_zone?: string | null;
}): Promise<SavedPreferences> {
  return readPreferences(await apiRequest('/profile/preferences', { method: 'PUT', body }));
}

/**
 * The profile's choices win over this device's after sign-in (decision 0039): a saved language replaces the
 * detected one, a saved zone the browser's; no saved language leaves the detected one.
 */
export async function applyPreferences(saved: SavedPreferences): Promise<void> {
  setTimeZone(saved.time_zone);
  if (saved.locale !== null) await changeLocale(saved.locale);
}
