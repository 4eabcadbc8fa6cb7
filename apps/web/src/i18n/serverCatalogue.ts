import english from './en/server.json';
import { englishNamespace, loadEngine, translate, type Vars } from './i18n';

/**
 * The server texts' catalogue (decision 0039, server texts), loaded only for a language other than English.
 * en/server.json is keyed by message: a text without placeholders is looked up as it is; one with placeholders
 * ("Batch #{{id}} is paid already.") becomes a pattern whose holes give the values. `{{s}}` is an English plural
 * ending ("member{{s}}"): other languages receive it empty and write the plural their own way.
 */
export const SERVER_NS = englishNamespace('server', english);

export interface Match {
  key: string;
  vars: Record<string, string>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** A matcher over a catalogue (key -> English text), compiled once: exact texts first, then the patterns. */
export function compileMatcher(catalogue: Record<string, string>): (message: string) => Match | null {
  const exact = new Map<string, string>();
  const patterns: { key: string; names: string[]; re: RegExp; fixed: number }[] = [];
  for (const [key, text] of Object.entries(catalogue)) {
    const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
    if (names.length === 0) {
      exact.set(text, key);
      continue;
    }
    const source = text
      .split(PLACEHOLDER)
      .map((part, i) => (i % 2 === 1 ? '([\\s\\S]*?)' : escapeRegExp(part)))
      .join('');
    patterns.push({ key, names, re: new RegExp(`^${source}$`), fixed: text.replace(PLACEHOLDER, '').length });
  }
  // The most specific pattern first: the one with the most fixed text ("No route GET {{path}}" before "{{a}}: {{b}}").
  patterns.sort((a, b) => b.fixed - a.fixed);
  return (message) => {
    const key = exact.get(message);
    if (key !== undefined) return { key, vars: {} };
    for (const p of patterns) {
      const m = p.re.exec(message);
      if (m === null) continue;
      const vars: Record<string, string> = {};
      p.names.forEach((name, i) => {
        vars[name] = m[i + 1] ?? '';
      });
      return { key: p.key, vars };
    }
    return null;
  };
}

/** Translates with a matcher; values that are themselves known texts (a reason, a cause) are translated too. */
export function translateWith(
  match: (message: string) => Match | null,
  text: (key: string, vars: Vars) => string,
): (message: string) => string {
  const one = (message: string, depth: number): string => {
    const found = match(message);
    if (found === null) return message;
    const vars: Vars = {};
    for (const [name, value] of Object.entries(found.vars)) {
      if (name === 's') vars[name] = '';
      else if (depth > 0 || value.trim() === '') vars[name] = value;
      else {
        const inner = value.trim();
        const translated = one(inner, depth + 1);
        vars[name] = translated === inner ? value : value.replace(inner, translated);
      }
    }
    return text(found.key, vars);
  };
  return (message) => one(message, 0);
}

/** The member's language's translator of server texts, once its `server` texts are loaded. */
export async function serverTranslator(): Promise<(message: string) => string> {
  const engine = await loadEngine();
  await engine?.loadNamespaces(SERVER_NS);
  return translateWith(compileMatcher(english), (key, vars) => translate(SERVER_NS, key, vars));
}
