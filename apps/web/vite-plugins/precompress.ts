import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing. Source maps are left out: only developer tools fetch them. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)$/;
/** Below this a compressed copy saves too little to be worth a second file. */
const MIN_BYTES = 512;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return e.name.startsWith('.') ? [] : filesUnder(full);
      return [full];
    }),
  );
  return nested.flat();
}

/**
 * Writes `name.br` (brotli, highest quality) and `name.gz` (gzip, level 9) next to every compressible file
 * of the build, so the server sends them as they are (apps/api/src/http/static.ts) instead of compressing
 * on every request or sending the files uncompressed. A copy that is not smaller than the file is not kept.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let logger: Logger | undefined;
  return {
    name: 'sgx:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
      let count = 0;
      let original = 0;
      let brotliTotal = 0;
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < MIN_BYTES) return;
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            }),
            gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          count += 1;
          original += content.length;
          if (br.length < content.length) {
            brotliTotal += br.length;
            await writeFile(`${file}.br`, br);
          }
          if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        }),
      );
      logger?.info(
        `precompressed ${count} files: ${(original / 1000).toFixed(0)} kB -> ${(brotliTotal / 1000).toFixed(0)} kB brotli`,
      );
    },
  };
}
