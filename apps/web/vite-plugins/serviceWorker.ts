import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

const SW_FILE = 'sw.js';
const VERSION_LINE = "const VERSION = 'dev';";
const SHELL_LINE = 'const SHELL = [];';

/** Every file under `dir` (relative, sorted), so that the version changes with any public file. */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory() ? filesUnder(dir, path.join(prefix, e.name)) : [path.join(prefix, e.name)],
    ),
  );
  return nested.flat().sort();
}

/** The entry's scripts and styles: what every page loads before it can show (the app shell). */
function shellFiles(bundle: Rollup.OutputBundle): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || files.has(fileName)) return;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const item of Object.values(bundle)) if (item.type === 'chunk' && item.isEntry) visit(item.fileName);
  return [...files].sort();
}

/**
 * Writes the built sw.js from public/sw.js (decision 0040): its version (a hash of the build's file names,
 * which change with their content, and of the public files) and its app shell (the entry's scripts and
 * styles) in place of the two placeholder lines. A new build is thus a new worker, which the browser installs
 * and which deletes the older versions' caches. The file replaces the copy of public/sw.js in the output.
 */
export function serviceWorker(): Plugin {
  let publicDir = '';
  let base = '/';
  return {
    name: 'sgx:service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
      base = config.base;
    },
    async generateBundle(_options, bundle) {
      const template = await readFile(path.join(publicDir, SW_FILE), 'utf8');
      if (!template.includes(VERSION_LINE) || !template.includes(SHELL_LINE)) {
        this.error(`public/${SW_FILE} must hold the lines \`${VERSION_LINE}\` and \`${SHELL_LINE}\``);
      }
      const hash = createHash('sha256').update(template);
      for (const name of Object.keys(bundle).sort()) hash.update(`\0${name}`);
      for (const file of await filesUnder(publicDir)) {
        if (file === SW_FILE) continue;
        hash.update(`\0${file}\0`).update(await readFile(path.join(publicDir, file)));
      }
      const version = hash.digest('hex').slice(0, 16);
      const shell = shellFiles(bundle).map((f) => `${base}${f}`);
      const source = template
        .replace(VERSION_LINE, `const VERSION = '${version}';`)
        .replace(SHELL_LINE, `const SHELL = ${JSON.stringify(shell)};`);
      this.emitFile({ type: 'asset', fileName: SW_FILE, source });
    },
  };
}
