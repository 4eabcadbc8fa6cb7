import { currentLocale, subscribePreferences } from './state';

/**
 * Texts the server writes (error messages, success messages, event notices) in the member's language (decision
 * 0039, server texts). The API answers in English, its contract; the web app translates at display time through
 * the `server` namespace (en/server.json lists every message the API can send, with {{placeholders}} for its
 * variable parts). This module is all the first screen carries: English is returned as it came, untouched; the
 * catalogue (serverCatalogue.ts) loads only when another language is in use.
 */
type Translator = (message: string) => string;

let translator: Translator | null = null;
let loading: Promise<void> | null = null;
/** The last download failed (offline): pages stop waiting for it and show English. */
let failed = false;

/** Loads the catalogue and this language's server texts (once; again after a failed download). */
export function loadServerTexts(): Promise<void> {
  loading ??= import('./serverCatalogue').then(
    async (m) => {
      translator = await m.serverTranslator();
      failed = false;
    },
    () => {
      loading = null;
      failed = true;
    },
  );
  return loading;
}

const wanted = () => {
  if (currentLocale() !== 'en') void loadServerTexts();
};
wanted();
subscribePreferences(wanted);

/**
 * A server-written text in the member's language: the catalogue's translation when the message is known (exactly,
 * or by one of its patterns), else the English text as it came (a message is never hidden).
 */
export function serverText(message: string): string {
  if (currentLocale() === 'en' || message === '') return message;
  if (translator === null) {
    void loadServerTexts();
    return message;
  }
  return translator(message);
}

/**
 * serverText for texts drawn as a page renders (event notices): while the catalogue loads, the component waits
 * (Suspense, like useT) rather than flashing English; should it fail to load, the English text is shown.
 */
export function useServerText(): (message: string) => string {
  if (currentLocale() !== 'en' && translator === null && !failed) throw loadServerTexts();
  return serverText;
}
