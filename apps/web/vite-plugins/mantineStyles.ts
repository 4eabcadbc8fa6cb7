import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The app's Mantine stylesheet (decision 0051): instead of all of Mantine's styles (295 kB, 36 kB gzip,
// render-blocking on every page and matched on every style recalculation), the base files and the styles of the
// components the app uses, found from its imports: the names it imports from '@mantine/core', the modules those
// are in, and every Mantine module they import in turn; a module's styles are its `<Name>.module.mjs` (the class names), whose
// CSS is styles/<Name>.css. Written in the order they have in Mantine's full stylesheet, so the cascade is the
// same. src/app/mantine.css is the result; mantineStyles.test.ts fails when it is out of date:
// `npm run styles:mantine -w @sgx/web` writes it again.

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The package's folder (its main file is <folder>/cjs/index.cjs). */
const mantine = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@mantine/core')), '..');
export const MANTINE_CSS = path.join(web, 'src/app/mantine.css');
const BASE = ['baseline', 'default-css-variables', 'global'];

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourcesUnder(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** The names the app imports from '@mantine/core' (types left out). */
function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourcesUnder(path.join(web, 'src'))) {
    const code = readFileSync(file, 'utf8');
    for (const [, list = ''] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const part of list.split(',')) {
        const name =
          part
            .trim()
            .split(/\s+as\s+/)[0]
            ?.trim() ?? '';
        if (name !== '' && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

const relativeImports = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:import|export)[^'"]*?from\s*["'](\.{1,2}\/[^"']+)["']/g)].map(
    (m) => path.resolve(path.dirname(file), m[1] ?? ''),
  );

/** The Mantine stylesheet the app needs, as @import lines. */
export function mantineStylesheet(): string {
  const esm = path.join(mantine, 'esm');
  const index = path.join(esm, 'index.mjs');
  const where = new Map<string, string>();
  for (const [, list = '', spec = ''] of readFileSync(index, 'utf8').matchAll(
    /import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g,
  )) {
    for (const part of list.split(',')) {
      const [from = '', to] = part.trim().split(/\s+as\s+/);
      where.set((to ?? from).trim(), path.resolve(esm, spec));
    }
  }
  const stack: string[] = [];
  for (const name of importedNames()) {
    const file = where.get(name);
    if (file === undefined) throw new Error(`mantine styles: '${name}' is not exported by @mantine/core`);
    stack.push(file);
  }
  const seen = new Set<string>();
  const styles = new Set<string>();
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const css = /([^/\\]+)\.module\.mjs$/.exec(file)?.[1];
    if (css !== undefined) styles.add(css);
    stack.push(...relativeImports(file));
  }
  const full = readFileSync(path.join(mantine, 'styles.css'), 'utf8');
  const at = (name: string) => {
    const file = path.join(mantine, 'styles', `${name}.css`);
    if (!existsSync(file)) throw new Error(`mantine styles: no styles/${name}.css`);
    const i = full.indexOf(readFileSync(file, 'utf8').trim().slice(0, 300));
    if (i < 0) throw new Error(`mantine styles: styles/${name}.css is not part of styles.css`);
    return i;
  };
  const ordered = [...BASE, ...styles].sort((a, b) => at(a) - at(b));
  return [
    '/* Written by vite-plugins/mantineStyles.ts (npm run styles:mantine -w @sgx/web): do not edit. */',
    ...ordered.map((name) => `@import "@mantine/core/styles/${name}.css";`),
    '',
  ].join('\n');
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  writeFileSync(MANTINE_CSS, mantineStylesheet());
  console.log(`wrote ${path.relative(process.cwd(), MANTINE_CSS)}`);
}
