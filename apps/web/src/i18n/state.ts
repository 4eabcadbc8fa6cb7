/**
 * The member's language and time zone as the formatters and the app frame read them (decision 0039). No i18next
 * here: format.ts reads this module, so dates and numbers follow the choice without loading the translations.
 */
export const appLocales = ['en', 'es', 'hi'] as const;
export type AppLocale = (typeof appLocales)[number];

export const isAppLocale = (value: unknown): value is AppLocale =>
  typeof value === 'string' && (appLocales as readonly string[]).includes(value);

/** The BCP 47 tag Intl formats each language with; English keeps the day-month-year the app always showed. */
export const intlTags: Record<AppLocale, string> = { en: 'en-GB', es: 'es', hi: 'hi-IN' };

/** Each language's name in itself, for the switch. */
export const localeNames: Record<AppLocale, string> = { en: 'English', es: 'Español', hi: 'हिन्दी' };

const LOCALE_KEY = 'sgx.locale';
const ZONE_KEY = 'sgx.timeZone';

function stored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function store(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Private mode or storage full: the choice lasts for this page only.
  }
}

/** The first of the browser's languages the app ships ("es-MX" is Spanish), if any. */
export function fromBrowserLanguages(languages: readonly string[]): AppLocale | null {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isAppLocale(base)) return base;
  }
  return null;
}

/**
 * The language to start with before the member's saved one is known: the choice remembered on this device,
 * then the browser's languages, then English. After sign-in the profile's language replaces it (PreferencesSync).
 */
export function detectLocale(): AppLocale {
  const saved = stored(LOCALE_KEY);
  if (isAppLocale(saved)) return saved;
  const nav = globalThis.navigator;
  const languages = nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [];
  return fromBrowserLanguages(languages) ?? 'en';
}

export const rememberLocale = (locale: AppLocale) => store(LOCALE_KEY, locale);

let locale: AppLocale = 'en';
let timeZone: string | null = readStoredZone();
const listeners = new Set<() => void>();

function readStoredZone(): string | null {
  const zone = stored(ZONE_KEY);
  return zone !== null && validZone(zone) ? zone : null;
}

function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const changed = () => {
  for (const l of listeners) l();
};

export const currentLocale = (): AppLocale => locale;
export const currentIntlTag = (): string => intlTags[locale];

/** The chosen time zone, or null for the browser's. */
export const chosenTimeZone = (): string | null => timeZone;

/** The zone times are shown in: the chosen one, else the browser's. */
export const effectiveTimeZone = (): string => timeZone ?? browserTimeZone();

let browserZone: string | undefined;

/** The browser's zone, read once a page (each read makes an Intl.DateTimeFormat: the first costs ~20 ms). */
export const browserTimeZone = (): string => {
  browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return browserZone;
};

/** Called by the i18n module when the language changed (after its texts are loaded). */
export function setFormatLocale(next: AppLocale): void {
  if (next === locale) return;
  locale = next;
  changed();
}

/** A time zone chosen (remembered on this device), or null to follow the browser's. Unknown names are ignored. */
export function setTimeZone(next: string | null): void {
  const zone = next !== null && validZone(next) ? next : null;
  store(ZONE_KEY, zone);
  if (zone === timeZone) return;
  timeZone = zone;
  changed();
}

/** For useSyncExternalStore: the app frame re-renders its pages when the language or zone changes. */
export function subscribePreferences(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const preferencesSnapshot = (): string => `${locale}|${timeZone ?? ''}`;
