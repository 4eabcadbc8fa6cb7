import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import firstScreen from './first-screen.json' with { type: 'json' };
import { areaChunks } from './vite-plugins/areaChunks.ts';
import { firstScreenPreload } from './vite-plugins/firstScreen.ts';
import { nativeTableScroll } from './vite-plugins/nativeTableScroll.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { serviceWorker } from './vite-plugins/serviceWorker.ts';

/** What @sgx/contracts' address checks need: keccak (EIP-55), sha256 and base58check (Tron). */
const addressHashes =
  /node_modules[\\/](@noble[\\/]hashes[\\/]esm[\\/](sha3|sha256|sha2|_md|_u64|utils|_assert)\.js|@scure[\\/]base[\\/])/;

/** A package installed at the top level (not a copy nested inside another package). */
const topLevel = (id: string) => id.split(/node_modules[\\/]/).length === 2;

// The signed-in areas' first screens, each in one chunk (and what both share in one more), not ~60 small files.
const areas = areaChunks({
  areas: {
    member: ['src/app/layouts/MemberShell.tsx', 'src/pages/member/DashboardPage.tsx'],
    admin: ['src/app/layouts/AdminShell.tsx', 'src/pages/admin/DashboardPage.tsx'],
  },
  publicPages: 'src/pages/public',
  publicFirst: Object.values(firstScreen.routes),
  pages: { deposit: ['src/app/memberPages.ts', 'src/pages/member/Web3DepositPage.tsx'] },
});

// The API serves apps/web/dist on its own port in production; in development Vite proxies /api to it. The
// server build (`isSsrBuild`) is only the drawing of the first screens at build time (scripts/prerender.mjs):
// none of the browser build's files, plugins or public folder.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [react(), nativeTableScroll()]
    : [
        react(),
        nativeTableScroll(),
        areas.plugin,
        firstScreenPreload(path.join(import.meta.dirname, 'first-screen.json')),
        serviceWorker(),
        precompress(),
      ],
  publicDir: isSsrBuild ? false : 'public',
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      // Answered by the API (apps/api/src/http/static.ts), not a file of the app.
      '/robots.txt': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: the chunk graph `npm run check:first-screen` reads.
    manifest: true,
    rolldownOptions: {
      output: {
        // Only what every page needs is grouped (the libraries apart, cached across releases). Mantine's
        // components, the icons and the app's modules are left to the bundler, so each page loads the parts it
        // uses: the first screen does not download the member and admin screens' components (decision 0046).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            // The positioning library of Mantine's popovers, menus and tooltips, apart: left to the bundler it
            // shared a chunk with Mantine's DirectionProvider, so every page with a scroll area or the app
            // frame downloaded it (16 kB gzip) without showing a single popover.
            { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/ },
            {
              name: 'state',
              test: /node_modules[\\/]@tanstack[\\/]/,
            },
            // Everything else the entry needs at start (the app frame, Mantine's core and the components the
            // public frame uses): one chunk with the entry instead of a dozen small files, each a request
            // before the first paint.
            { name: 'shell', tags: ['$initial'] },
            // The app's zod and the hashes the address checks use, loaded by the first screen that checks a
            // form or an answer (not by the landing and sign-in pages' first paint). The rest of @noble and
            // @scure (viem's, WalletConnect's) and WalletConnect's own nested zod are left to the bundler, so
            // they load with the wallet code.
            {
              name: 'validation',
              test: (id) => topLevel(id) && (/node_modules[\\/]zod[\\/]/.test(id) || addressHashes.test(id)),
            },
            // Last: what the signed-in areas' first screens need beyond all of the above (vite-plugins/areaChunks.ts).
            ...areas.groups(),
          ],
        },
      },
    },
  },
}));
