import { type MantineSize, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../app/apiError';
import { useSession } from '../modules/auth/hooks/useSession';
import { changeLocale, useT } from './i18n';
import { type AppLocale, appLocales, currentLocale, isAppLocale, localeNames } from './state';

export interface LanguageSwitchProps {
  size?: MantineSize;
}

export const languageOptions = appLocales.map((l) => ({ value: l, label: localeNames[l] }));

/**
 * Choosing a language: a signed-in account's choice is saved to its profile first (then it follows the member
 * to any device), and remembered on this device; a visitor's only on this device. Decision 0039.
 */
export function useLanguageChoice() {
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
  return { choose, busy, error, label: t('preferences.language'), current: currentLocale() };
}

/** The control and, under it, why a choice could not be saved. */
export function LanguageChoiceFrame({ error, children }: { error: string | null; children: ReactNode }) {
  return (
    <Stack gap={4}>
      {children}
      {error !== null && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** A plain `<select>` drawn like Mantine's input of that size (its edge 3:1 on the page, contrast.css). */
const selectStyle = (size: MantineSize) => ({
  height: `var(--input-height-${size}, ${size === 'xs' ? 30 : 36}px)`,
  fontSize: `var(--mantine-font-size-${size})`,
  padding: '0 8px',
  color: 'var(--mantine-color-text)',
  background: 'var(--mantine-color-body)',
  border: '1px solid var(--mantine-color-control-border, var(--mantine-color-default-border))',
  borderRadius: 'var(--mantine-radius-sm)',
});

/**
 * English / Español / हिन्दी as a small native select (the frames' headers, the sign-in page): the browser's own
 * control, so the signed-in screens do not load Mantine's input code for it (decision 0046). The profile's
 * three buttons are `LanguageButtons`, loaded with the profile only.
 */
export function LanguageSwitch({ size = 'sm' }: LanguageSwitchProps) {
  const { choose, busy, error, label, current } = useLanguageChoice();
  return (
    <LanguageChoiceFrame error={error}>
      <select
        aria-label={label}
        style={selectStyle(size)}
        value={current}
        disabled={busy}
        onChange={(e) => void choose(e.currentTarget.value)}
      >
        {languageOptions.map((o) => (
          <option key={o.value} value={o.value} lang={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </LanguageChoiceFrame>
  );
}
