import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Mantine parts only the lazily loaded wallet screens use (kept out of the always-loaded mantine chunk). */
const walletOnlyUi = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Menu[\\/]/;

/** What @sgx/contracts' address checks need: keccak (EIP-55), sha256 and base58check (Tron). */
const addressHashes =
  /node_modules[\\/](@noble[\\/]hashes[\\/]esm[\\/](sha3|sha256|sha2|_md|_u64|utils|_assert)\.js|@scure[\\/]base[\\/])/;

/** A package installed at the top level (not a copy nested inside another package). */
const topLevel = (id: string) => id.split(/node_modules[\\/]/).length === 2;

// The API serves apps/web/dist on its own port in production; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks keep them cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            {
              name: 'mantine',
              // The menu is used only by the wallet control, which loads with the wallet code.
              test: (id) =>
                /node_modules[\\/](@mantine|@floating-ui)[\\/]/.test(id) && !walletOnlyUi.test(id),
            },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/ },
            {
              name: 'state',
              test: /node_modules[\\/](@reduxjs|redux|redux-persist|react-redux|immer|reselect|@tanstack)[\\/]/,
            },
            // The app's zod and the hashes the address checks use. The rest of @noble and @scure (viem's,
            // WalletConnect's) and WalletConnect's own nested zod are left to the bundler, so they load with the
            // wallet code and not on the first screen.
            {
              name: 'validation',
              test: (id) => topLevel(id) && (/node_modules[\\/]zod[\\/]/.test(id) || addressHashes.test(id)),
            },
          ],
        },
      },
    },
  },
});
