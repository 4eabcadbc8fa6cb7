// Builds the API into one JavaScript file, apps/api/dist/main.js, that `npm start` runs with plain node.
// The workspace packages (@sgx/*, TypeScript sources) are bundled in; every other package stays in
// node_modules. `--if-stale` builds only when the bundle is missing or older than its sources.
import path from 'node:path';
import { build } from 'esbuild';
import { isStale } from '../../../scripts/stale.mjs';

const api = path.resolve(import.meta.dirname, '..');
const root = path.resolve(api, '../..');
const outfile = path.join(api, 'dist/main.js');
const sources = [
  'apps/api/src',
  'apps/api/package.json',
  'apps/api/scripts/build.mjs',
  'packages/contracts/src',
  'packages/money/src',
  'packages/chain/src',
  'package-lock.json',
];

if (process.argv.includes('--if-stale')) {
  if (!isStale(root, outfile, sources)) {
    console.log('api: build is up to date');
    process.exit(0);
  }
}

/** Packages other than the workspace's are loaded from node_modules at run time, as under tsx. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@sgx/') || path.isAbsolute(args.path) ? undefined : { external: true },
    );
  },
};

/**
 * `import.meta.dirname` in a bundled file would name dist/; it is rewritten to the folder of the
 * source file, relative to the bundle, so the repository root (config.ts) and the committed SQL
 * migrations (db/migrate.ts) are found the same way as when running the sources.
 */
const sourceDirname = {
  name: 'source-dirname',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.dirname')) return undefined;
      const fromBundle = path
        .relative(path.dirname(outfile), path.dirname(args.path))
        .split(path.sep)
        .join('/');
      return {
        contents: text.replaceAll(
          'import.meta.dirname',
          `(import.meta.dirname + ${JSON.stringify(`/${fromBundle}`)})`,
        ),
        loader: 'ts',
      };
    });
  },
};

const started = Date.now();
console.log('api: building...');
await build({
  entryPoints: [path.join(api, 'src/main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages, sourceDirname],
});
console.log(`api: built ${path.relative(root, outfile)} in ${Date.now() - started} ms`);
