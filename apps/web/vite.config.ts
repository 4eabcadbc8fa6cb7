import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
            { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui)[\\/]/ },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/ },
            {
              name: 'state',
              test: /node_modules[\\/](@reduxjs|redux|redux-persist|react-redux|immer|reselect|@tanstack)[\\/]/,
            },
            { name: 'validation', test: /node_modules[\\/](zod|@noble|@scure)[\\/]/ },
          ],
        },
      },
    },
  },
});
