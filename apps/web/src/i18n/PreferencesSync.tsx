import { useEffect } from 'react';
import { useSession } from '../modules/auth/hooks/useSession';

/**
 * After sign-in (second factor passed), applies the language and time zone saved in the account's profile.
 * Its code loads only then, so a visitor's first screen carries none of it.
 */
export function PreferencesSync() {
  const session = useSession();
  const who =
    session !== null && session.secondFactor === 'ok' ? `${session.role}:${session.account.id}` : null;
  useEffect(() => {
    if (who === null) return;
    const controller = new AbortController();
    void import('./serverPreferences')
      .then(async (m) => {
        const saved = await m.fetchPreferences(controller.signal);
        if (!controller.signal.aborted) await m.applyPreferences(saved);
      })
      // Unreachable now: the device's choice stays until the next sign-in or reload.
      .catch(() => undefined);
    return () => controller.abort();
  }, [who]);
  return null;
}
