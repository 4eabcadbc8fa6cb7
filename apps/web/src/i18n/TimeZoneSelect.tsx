import { Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { errorMessage } from '../app/apiError';
import { useSession } from '../modules/auth/hooks/useSession';
import { useT } from './i18n';
import { browserTimeZone, chosenTimeZone, setTimeZone } from './state';

/** Every zone the browser knows, with the browser's own and the chosen one even when listed under an alias. */
function zones(extra: (string | null)[]): string[] {
  const all = new Set<string>(Intl.supportedValuesOf?.('timeZone') ?? []);
  all.add('UTC');
  for (const z of extra) if (z !== null) all.add(z);
  return [...all].sort();
}

const BROWSER = '';

/**
 * The time zone times are shown in: the browser's (the default, nothing kept) or one chosen from the list,
 * saved to a signed-in account's profile and remembered on this device. Decision 0039.
 */
export function TimeZoneSelect() {
  const { t } = useT();
  const session = useSession();
  const signedIn = session !== null && session.secondFactor === 'ok';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const browser = browserTimeZone();
  const chosen = chosenTimeZone();
  const data = useMemo(
    () => [
      { value: BROWSER, label: t('preferences.browserZone', { zone: browser }) },
      ...zones([browser, chosen]).map((z) => ({ value: z, label: z.replace(/_/g, ' ') })),
    ],
    [t, browser, chosen],
  );

  const choose = async (value: string | null) => {
    const zone = value === null || value === BROWSER ? null : value;
    if (zone === chosen) return;
    setBusy(true);
    setError(null);
    try {
      if (signedIn) await (await import('./serverPreferences')).savePreferences({ time_zone: zone });
      setTimeZone(zone);
    } catch (err) {
      setError(t('preferences.notSaved', { reason: errorMessage(err) }));
      setBusy(false);
    }
  };

  return (
    <Stack gap={4}>
      <Select
        label={t('preferences.timeZone')}
        data={data}
        value={chosen ?? BROWSER}
        onChange={(v) => void choose(v)}
        searchable
        allowDeselect={false}
        disabled={busy}
        nothingFoundMessage={t('preferences.noZone')}
        maxDropdownHeight={280}
        comboboxProps={{ withinPortal: true }}
      />
      {error !== null && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
