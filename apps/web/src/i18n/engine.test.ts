import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from './engine';
import { englishNamespace, englishResources, interpolate, translate } from './i18n';
import { currentLocale, setFormatLocale } from './state';

const dir = import.meta.dirname;
const namespaces = readdirSync(path.join(dir, 'en'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));
type Tree = { [key: string]: string | Tree };
const read = (language: string, ns: string) =>
  JSON.parse(readFileSync(path.join(dir, language, `${ns}.json`), 'utf8')) as Tree;

function* leaves(tree: Tree, prefix = ''): Generator<[string, string]> {
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') yield [name, value];
    else yield* leaves(value, name);
  }
}

for (const ns of namespaces) englishNamespace(ns, read('en', ns));

afterAll(() => setFormatLocale('en'));

describe('the English texts without the engine (first screen) and with it (decision 0039)', () => {
  it('reads every English key the way i18next does, placeholders filled', async () => {
    const engine = await createEngine('en', englishResources());
    let checked = 0;
    for (const ns of namespaces) {
      for (const [key, text] of leaves(read('en', ns))) {
        const vars = Object.fromEntries([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => [m[1], `<${m[1]}>`]));
        expect(translate(ns, key, vars), `${ns}:${key}`).toBe(engine.t(key, { ns, ...vars }));
        expect(translate(ns, key, vars)).not.toMatch(/\{\{/);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(200);
    expect(interpolate('Welcome back, {{name}}.', { name: 'Asha' })).toBe('Welcome back, Asha.');
  });

  it('loads Spanish and Hindi on demand, English for what is not translated', async () => {
    const es = await createEngine('es', englishResources());
    expect(currentLocale()).toBe('es');
    expect(es.t('title', { ns: 'dashboard' })).toBe('Panel');
    expect(es.t('source.roi_income', { ns: 'transactions' })).toBe('Ingreso ROI');
    expect(es.t('welcome', { ns: 'dashboard', name: 'Asha' })).toBe('Hola de nuevo, Asha.');
    englishNamespace('only-english', { hello: 'Hello {{who}}' });
    const hi = await createEngine('hi', englishResources());
    expect(hi.t('title', { ns: 'dashboard' })).toBe('डैशबोर्ड');
    hi.addEnglish('only-english', { hello: 'Hello {{who}}' });
    expect(hi.t('hello', { ns: 'only-english', who: 'Ravi' })).toBe('Hello Ravi');
  });
});
