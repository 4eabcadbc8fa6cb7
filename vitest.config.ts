import { defineConfig } from 'vitest/config';

// `npm test` runs two projects: pure unit tests, and integration tests that go through HTTP
// to a real PostgreSQL (embedded, or TEST_DATABASE_URL). Browser tests are Playwright's (npm run test:e2e).
export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/api/src/**/*.int.test.ts', 'apps/api/test/**/*.int.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
