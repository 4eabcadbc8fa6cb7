import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { type AppLocale, appLocales, isAppLocale, setFormatLocale } from './state';

/**
 * The i18next engine (decision 0039), loaded only when a language other than English is wanted. Spanish and
 * Hindi load one file per namespace, when a screen needs it; English resources come from the code that uses
 * them (i18n.ts) and are the fallback of any text not translated.
 */
const translations = import.meta.glob<{ default: ResourceKey }>(['./es/*.json', './hi/*.json']);

const lazyTranslations: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, done) {
    const load = translations[`./${language}/${namespace}.json`];
    // English is registered, never fetched; a namespace not translated falls back to English.
    if (load === undefined) {
      done(null, {});
      return;
    }
    load().then(
      (m) => done(null, m.default),
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

function applied(language: string): void {
  const locale: AppLocale = isAppLocale(language) ? language : 'en';
  setFormatLocale(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/**
 * An i18next instance in `locale`, with every English namespace registered so far (`english`: i18n.ts passes
 * its own, so this file imports nothing of it and the two import each other in no circle, decision 0059).
 */
export async function createEngine(locale: AppLocale, english: ReadonlyMap<string, unknown>) {
  const i18n = i18next.createInstance();
  const initial = new Set(english.keys());
  const resources = { en: Object.fromEntries(english) as Record<string, ResourceKey> };
  await i18n.use(lazyTranslations).init({
    lng: locale,
    fallbackLng: 'en',
    supportedLngs: [...appLocales],
    load: 'languageOnly',
    ns: [...initial],
    defaultNS: 'common',
    resources,
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // Namespaces registered while the engine loaded (their modules ran meanwhile, before `engine` was set in
  // i18n.ts, so nobody added them): added now, their translations loaded before the language is applied, else
  // their texts (a menu read through `tr`) would stay English.
  for (;;) {
    const late = [...english.keys()].filter((ns) => !initial.has(ns));
    if (late.length === 0) break;
    for (const ns of late) {
      i18n.addResourceBundle('en', ns, english.get(ns) as ResourceKey, true, true);
      initial.add(ns);
    }
    await i18n.loadNamespaces(late);
  }
  applied(i18n.language);
  i18n.on('languageChanged', applied);
  return {
    t: (key: string, options: Record<string, unknown>) => i18n.t(key, options) as string,
    hasLoadedNamespace: (ns: string) => i18n.hasLoadedNamespace(ns),
    loadNamespaces: (ns: string) => i18n.loadNamespaces(ns),
    changeLanguage: (l: AppLocale) => i18n.changeLanguage(l),
    addEnglish: (ns: string, tree: ResourceKey) => {
      i18n.addResourceBundle('en', ns, tree, true, true);
      void i18n.loadNamespaces(ns);
    },
  };
}
