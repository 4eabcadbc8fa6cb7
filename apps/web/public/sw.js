// SocialGenX service worker (decision 0040): the app installs on a phone and shows an offline page.
// Registered by src/main.tsx in production builds only. The build (vite-plugins/serviceWorker.ts) replaces the
// two lines below with the build's version and its app shell (the entry's scripts and styles).
//
// What it does, and what it never does:
// - /api/ (and anything not a same-origin GET) is never answered from a cache nor stored: answers there carry
//   balances and personal data. Those requests go to the network as if there were no service worker.
// - Page navigations go to the network first; only when the network fails is the offline page shown.
// - Hashed build files (/assets/, their name changes with their content) come from the cache first.
// - A new version takes over at once (skipWaiting, clients.claim) and deletes the caches of older ones.
const VERSION = 'dev';
const SHELL = [];

const CACHE = `sgx-${VERSION}`;
const OFFLINE_PAGE = '/offline.html';
/** Unhashed files the offline page and the installed app need: kept per version, read cache first. */
const STATIC_FILES = [
  OFFLINE_PAGE,
  '/offline.js',
  '/favicon.svg',
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/apple-touch-icon.png',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([...STATIC_FILES, ...SHELL]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith('sgx-') && name !== CACHE).map((name) => caches.delete(name)),
      );
      // The page request starts while the worker wakes up, instead of after.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

/** The page from the network (the preloaded answer when there is one), or the offline page without one. */
async function pageOrOffline(event) {
  try {
    const preloaded = await event.preloadResponse;
    if (preloaded) return preloaded;
    return await fetch(event.request);
  } catch {
    return (await caches.match(OFFLINE_PAGE, { ignoreVary: true })) ?? Response.error();
  }
}

/** A file from this version's cache, else from the network (a hashed build file is kept once fetched). */
async function cacheFirst(request, keep) {
  const cached = await caches.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (keep && response.ok && response.type === 'basic') {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Never cached, never answered from a cache: straight to the network.
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(pageOrOffline(event));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request, true));
    return;
  }
  if (STATIC_FILES.includes(url.pathname)) event.respondWith(cacheFirst(request, false));
});
