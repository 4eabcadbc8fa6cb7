import { type MantineSize, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../app/apiError';
import { useSession } from '../modules/auth/hooks/useSession';
import { changeLocale, useT } from './i18n';
import { type AppLocale, appLocales, currentLocale, isAppLocale, localeNames } from './state';

export interface LanguageSwitchProps {
  /** A small native select (headers, the sign-in page) instead of the three buttons. */
  compact?: boolean;
  size?: MantineSize;
}

const options = appLocales.map((l) => ({ value: l, label: localeNames[l] }));

/**
 * English / Español / हिन्दी. A signed-in account's choice is saved to its profile first (then it follows the
 * member to any device), and remembered on this device; a visitor's only on this device. Decision 0039.
 */
export function LanguageSwitch({ compact = false, size = 'sm' }: LanguageSwitchProps) {
  const { t } = useT();
  const session = useSession();
  const signedIn = session !== null && session.secondFactor === 'ok';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const choose = async (value: string) => {
    if (!isAppLocale(value) || value === currentLocale()) return;
    setBusy(true);
    setError(null);
    try {
      if (signedIn) await (await import('./serverPreferences')).savePreferences({ locale: value });
      await changeLocale(value as AppLocale);
    } catch (err) {
      setError(t('preferences.notSaved', { reason: errorMessage(err) }));
      setBusy(false);
    }
  };

  const label = t('preferences.language');
  return (
    <Stack gap={4}>
      {compact ? (
        <NativeSelect
          aria-label={label}
          size={size}
          data={options}
          value={currentLocale()}
          disabled={busy}
          onChange={(e) => void choose(e.currentTarget.value)}
        />
      ) : (
        <SegmentedControl
          aria-label={label}
          size={size}
          data={options.map((o) => ({ ...o, label: <span lang={o.value}>{o.label}</span> }))}
          value={currentLocale()}
          disabled={busy}
          onChange={(v) => void choose(v)}
        />
      )}
      {error !== null && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
