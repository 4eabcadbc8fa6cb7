import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { App } from '../deps';

/** Hashed build files (their name changes with their content): kept by browsers for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the other unhashed files: kept, but checked with the server (ETag) before each use. */
export const REVALIDATE = 'no-cache';

type Encoding = 'br' | 'gzip';

/** The precompressed copies the web build writes next to a file (apps/web/vite-plugins/precompress.ts). */
const COPIES: { encoding: Encoding; ext: string }[] = [
  { encoding: 'br', ext: '.br' },
  { encoding: 'gzip', ext: '.gz' },
];

/** Types of the files the build compresses (what a compressed copy is sent as). */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.wasm': 'application/wasm',
};

/**
 * How much the request's Accept-Encoding wants each encoding (its q-value, 0 when refused or not named
 * and no `*`). RFC 9110 12.5.3.
 */
export function acceptedEncodings(header: string | undefined): Record<Encoding, number> {
  const q: Record<string, number> = {};
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q[name] = Number.isFinite(value) ? value : 0;
  }
  const star = q['*'] ?? 0;
  return { br: q.br ?? star, gzip: q.gzip ?? star };
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Sends `relative` (a file under the root): as its brotli or gzip copy when one exists and the request
 * accepts it (brotli first when both are equally wanted), else as it is. `vary: accept-encoding` goes with
 * every answer for a file that has a copy, so caches keep the variants apart. The file itself streams
 * through @fastify/static, which also answers conditional requests (ETag, Last-Modified) and ranges.
 */
async function sendBest(
  reply: FastifyReply,
  root: string,
  relative: string,
  acceptEncoding: string | undefined,
  cacheControl: string,
) {
  const file = path.join(root, relative);
  const copies = (
    await Promise.all(COPIES.map(async (c) => ((await isFile(file + c.ext)) ? c : null)))
  ).filter((c) => c !== null);
  const type = TYPES[path.extname(file).toLowerCase()];
  reply.header('cache-control', cacheControl);
  if (copies.length === 0 || type === undefined) return reply.sendFile(relative, { cacheControl: false });

  // The same type for every variant of the file.
  reply.header('vary', 'accept-encoding').header('content-type', type);
  const wanted = acceptedEncodings(acceptEncoding);
  const best = copies
    .filter((c) => wanted[c.encoding] > 0)
    .sort((a, b) => wanted[b.encoding] - wanted[a.encoding])[0];
  if (best === undefined) return reply.sendFile(relative, { cacheControl: false, contentType: false });
  reply.header('content-encoding', best.encoding);
  return reply.sendFile(relative + best.ext, { cacheControl: false, contentType: false });
}

/**
 * /robots.txt: the public pages may be indexed; the member and admin areas, the pages of a sign-in in
 * progress and the API may not (they only show a sign-in to a crawler, and the API is no page).
 */
export const ROBOTS = [
  'User-agent: *',
  'Disallow: /user/',
  'Disallow: /admin/',
  'Disallow: /api/',
  'Disallow: /transactions/',
  'Disallow: /watch/',
  'Disallow: /two-factor',
  'Disallow: /reset-password',
  '',
].join('\n');

/** The page the browser build wrote for each path (apps/web/vite-plugins/firstScreen.ts: pages/pages.json). */
interface PagesManifest {
  routes: Record<string, string>;
  prefixes: [string, string][];
}

/**
 * Which file each page path gets, read once at start: the first screens the build drew
 * (apps/web/scripts/prerender.mjs, decision 0050; the route each file names on its #root), then the pages the
 * build wrote with their chunks' preload tags (a listed route, else the longest prefix it is under: a
 * signed-in frame's pages), else index.html.
 */
function pageFiles(root: string): (route: string) => string {
  const drawn = new Map<string, string>();
  const dir = path.join(root, 'prerendered');
  if (existsSync(dir)) {
    for (const name of readdirSync(dir)) {
      if (!name.endsWith('.html')) continue;
      const html = readFileSync(path.join(dir, name), 'utf8');
      const route = /<div id="root" data-prerendered="([^"]+)"/.exec(html)?.[1];
      if (route !== undefined) drawn.set(route, `prerendered/${name}`);
    }
  }
  const manifestFile = path.join(root, 'pages', 'pages.json');
  const pages: PagesManifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as PagesManifest)
    : { routes: {}, prefixes: [] };
  const prefixes = [...pages.prefixes].sort(([a], [b]) => b.length - a.length);
  return (route) =>
    drawn.get(route) ??
    (Object.hasOwn(pages.routes, route) ? pages.routes[route] : undefined) ??
    prefixes.find(([prefix]) => route.startsWith(prefix))?.[1] ??
    'index.html';
}

/**
 * Serves the built single-page app from `webDist`: real files as they are, every page path the page the
 * build wrote for it (pageFiles: a drawn first screen, a page with its chunks' preload tags, else index.html;
 * the app's router shows the page).
 * Files the build compressed (`name.br`, `name.gz` next to `name`) go out compressed when the request
 * accepts it; nothing is compressed per request. Hashed files under /assets/ are cached for a year;
 * index.html and the rest are revalidated. A missing file under /assets/ is a 404, not the page (a script
 * must not receive HTML). /robots.txt is answered whether or not the app is built.
 */
export function registerWebApp(app: App, webDist: string): void {
  app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(ROBOTS),
  );
  const root = path.resolve(webDist);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): only the API is served`);
    return;
  }
  app.register(fastifyStatic, { root, serve: false });
  const pageOf = pageFiles(root);

  // compress: false: the build's compressed copies go out as they are (nothing compressed per request).
  app.get(
    '/*',
    { config: { access: 'public' }, schema: { hide: true }, compress: false },
    async (request, reply) => {
      const rawPath = request.url.split('?')[0] ?? '/';
      let urlPath: string;
      try {
        urlPath = decodeURIComponent(rawPath);
      } catch {
        return reply.status(400).send({ message: `Malformed path ${rawPath}`, code: 'BAD_REQUEST' });
      }
      if (urlPath.startsWith('/api/')) {
        return reply.status(404).send({ message: `No route GET ${urlPath}`, code: 'NOT_FOUND' });
      }
      const accept = request.headers['accept-encoding'];
      const relative = path.relative(root, path.join(root, path.normalize(urlPath)));
      const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
      const hashed = urlPath.startsWith('/assets/');

      if (inside && (await isFile(path.join(root, relative)))) {
        return sendBest(reply, root, relative, accept, hashed ? IMMUTABLE : REVALIDATE);
      }
      if (hashed) return reply.status(404).send({ message: `No file ${urlPath}`, code: 'NOT_FOUND' });
      return sendBest(reply, root, pageOf(urlPath.replace(/\/+$/, '') || '/'), accept, REVALIDATE);
    },
  );
}
