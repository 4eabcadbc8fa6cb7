import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appLocales } from './state';

/**
 * The CI check of decision 0039: every text of English (the source) exists, non-empty, in every other language,
 * with the same placeholders ({{name}}) and the same markup tags (<b>, <terms/>), and no language keeps a key
 * English no longer has.
 */
const dir = import.meta.dirname;
const namespaces = readdirSync(path.join(dir, 'en'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));

type Tree = { [key: string]: string | Tree };

function load(language: string, namespace: string): Tree | null {
  try {
    return JSON.parse(readFileSync(path.join(dir, language, `${namespace}.json`), 'utf8')) as Tree;
  } catch {
    return null;
  }
}

function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'object' && value !== null) for (const [k, v] of leaves(value, name)) out.set(k, v);
    else out.set(name, value);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<\/?([A-Za-z]\w*)\s*\/?>/g)].map((m) => m[0]).sort();

/** What is wrong with `language`'s copy of a namespace, one line per problem. */
export function problems(english: Tree, other: Tree | null): string[] {
  if (other === null) return ['the file is missing'];
  const source = leaves(english);
  const target = leaves(other);
  const out: string[] = [];
  for (const [key, text] of source) {
    const translated = target.get(key);
    if (typeof translated !== 'string' || translated.trim() === '') {
      out.push(`${key}: missing or empty`);
      continue;
    }
    const en = String(text);
    if (placeholders(en).join() !== placeholders(translated).join())
      out.push(
        `${key}: placeholders ${placeholders(translated).join()} instead of ${placeholders(en).join()}`,
      );
    if (tags(en).join() !== tags(translated).join())
      out.push(`${key}: tags ${tags(translated).join()} instead of ${tags(en).join()}`);
  }
  for (const key of target.keys()) if (!source.has(key)) out.push(`${key}: not in English`);
  return out;
}

describe('translations (decision 0039)', () => {
  it('has English namespaces to check', () => {
    expect(namespaces).toEqual(
      expect.arrayContaining(['common', 'dashboard', 'home', 'income', 'transactions']),
    );
  });

  for (const language of appLocales.filter((l) => l !== 'en')) {
    for (const namespace of namespaces) {
      it(`${language}/${namespace}.json has every English key, placeholder and tag`, () => {
        const english = load('en', namespace);
        expect(english).not.toBeNull();
        expect(problems(english as Tree, load(language, namespace))).toEqual([]);
      });
    }
  }

  it('fails on a missing key, an empty text, a changed placeholder or tag, and a stale key', () => {
    const english = { a: 'Hello {{name}}', b: { c: '<b>{{n}}</b> left' }, d: 'Done' };
    expect(problems(english, { a: 'Hola {{name}}', b: { c: '<b>{{n}}</b> quedan' }, d: 'Hecho' })).toEqual(
      [],
    );
    expect(problems(english, { a: 'Hola {{nombre}}', b: { c: '{{n}} quedan' }, d: ' ', e: 'x' })).toEqual([
      'a: placeholders nombre instead of name',
      'b.c: tags  instead of </b>,<b>',
      'd: missing or empty',
      'e: not in English',
    ]);
    expect(problems(english, null)).toEqual(['the file is missing']);
  });
});
