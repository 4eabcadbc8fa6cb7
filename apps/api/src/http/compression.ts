import fastifyCompress from '@fastify/compress';
import type { App } from '../deps';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Compresses the answers of every route registered after it (decision 0040): JSON, CSV and the OpenAPI
 * document above 1 KB, with brotli (quality 4, the plugin's default) or gzip, whichever the request's
 * Accept-Encoding prefers; without one, or with `identity`, the answer stays plain. Server-sent events,
 * images and partial content (206) are never compressed. The built web app is not compressed per request:
 * its route (http/static.ts) sends the copies the build compressed. Request bodies are not decompressed
 * (no client of the API sends compressed bodies; the JSON parser keeps reading them as they come).
 * Registered before the routes: the plugin attaches itself to each route as it is declared.
 */
export async function registerCompression(app: App): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}
