import common from './en/common.json';
import { type AppLocale, currentLocale, detectLocale, rememberLocale } from './state';

/**
 * The app's texts (decision 0039). Every text is a key of an i18next resource: English (the source: the spec's
 * texts, misspellings included) in en/<namespace>.json, registered by the code that uses it (englishNamespace)
 * so it loads with that code; Spanish and Hindi in es/ and hi/. The i18next engine (engine.ts) and a language's
 * texts load only when a language other than English is wanted: English reads its resources directly here, so
 * the first screen carries no translation library. engine.ts' test proves both give the same English.
 */
type Tree = { [key: string]: string | Tree };
export type Vars = Record<string, string | number | bigint>;
export type TFunction = (key: string, vars?: Vars) => string;

interface Engine {
  t(key: string, options: Record<string, unknown>): string;
  hasLoadedNamespace(ns: string): boolean;
  loadNamespaces(ns: string): Promise<unknown>;
  changeLanguage(locale: AppLocale): Promise<unknown>;
  addEnglish(ns: string, tree: Tree): void;
}

const english = new Map<string, Tree>([['common', common as Tree]]);
let engine: Engine | null = null;
let engineLoading: Promise<Engine | null> | null = null;
/** The language asked for (detected, chosen or the profile's); the texts follow once loaded. */
let wanted: AppLocale = detectLocale();

/** All English namespaces registered so far (for the engine). */
export const englishResources = () => english;

/**
 * Loads i18next and the wanted language's texts (once). Should its code not download (offline), the app goes on
 * in English rather than waiting forever.
 */
export function loadEngine(): Promise<Engine | null> {
  engineLoading ??= import('./engine')
    .then((m) => m.createEngine(wanted, english))
    .then(
      (e) => {
        engine = e;
        return e;
      },
      () => {
        wanted = 'en';
        engineLoading = null;
        return null;
      },
    );
  return engineLoading;
}

if (wanted !== 'en') void loadEngine();

function lookup(tree: Tree | undefined, key: string): string | null {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return null;
    node = node[part];
  }
  return typeof node === 'string' ? node : null;
}

/** i18next's interpolation as the app uses it: {{name}} replaced by the value, nothing escaped (React does). */
export function interpolate(text: string, vars?: Vars): string {
  if (vars === undefined) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : whole,
  );
}

/** A namespace's text in the current language; English (and any text not translated yet) from the source. */
export function translate(ns: string, key: string, vars?: Vars): string {
  if (engine !== null && currentLocale() !== 'en') return engine.t(key, { ns, ...vars });
  const text = lookup(english.get(ns), key);
  return text === null ? key : interpolate(text, vars);
}

/** A text outside a component (menus, labels of plain functions): "namespace:key". */
export function tr(fullKey: string, vars?: Vars): string {
  const at = fullKey.indexOf(':');
  return at < 0
    ? translate('common', fullKey, vars)
    : translate(fullKey.slice(0, at), fullKey.slice(at + 1), vars);
}

/**
 * Registers a namespace's English texts (imported by the module that uses them, so they load with its code)
 * and, when another language is in use, loads its translation. Returns the namespace name for useT.
 */
export function englishNamespace<N extends string>(namespace: N, texts: object): N {
  english.set(namespace, texts as Tree);
  engine?.addEnglish(namespace, texts as Tree);
  return namespace;
}

const loadingNamespaces = new Map<string, Promise<unknown>>();
const triedNamespaces = new Set<string>();

/**
 * The texts of a namespace for a component: `const { t } = useT(NS)`. While the member's language or this
 * namespace's translation loads, the component waits (Suspense) rather than flashing English; a translation
 * that could not be loaded is shown in English.
 */
export function useT(ns = 'common'): { t: TFunction } {
  if (wanted !== 'en') {
    if (engine === null) throw loadEngine();
    const key = `${currentLocale()}:${ns}`;
    if (!engine.hasLoadedNamespace(ns) && !triedNamespaces.has(key)) {
      let loading = loadingNamespaces.get(key);
      if (loading === undefined) {
        loading = engine.loadNamespaces(ns).finally(() => triedNamespaces.add(key));
        loadingNamespaces.set(key, loading);
      }
      throw loading;
    }
  }
  return { t: (key, vars) => translate(ns, key, vars) };
}

/** Switches the language on this device (remembered in localStorage); the pages redraw once its texts are in. */
export async function changeLocale(locale: AppLocale): Promise<void> {
  rememberLocale(locale);
  wanted = locale;
  const e = engine ?? (locale === 'en' ? null : await loadEngine());
  await e?.changeLanguage(locale);
}
