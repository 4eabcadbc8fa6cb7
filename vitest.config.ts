import { defineConfig } from 'vitest/config';

// `npm test` runs three projects (docs/decisions/0060-fast-unit-project.md); a test file's name says which:
// - unit (*.test.ts): pure, in the test's own process: no child process, chain node, Solidity compiler,
//   database or listening port (scripts/unit-guard.mjs makes starting a process or listening throw).
//   `npm run test:unit`, well under a minute.
// - process (*.proc.test.ts): starts other programs or servers: anvil, solc, node/tsx, redocly, an HTTP
//   server on loopback. `npm run test:proc`.
// - integration (*.int.test.ts): through HTTP to a real PostgreSQL (embedded, or TEST_DATABASE_URL).
//   `npm run test:int`.
// - replica (db/replica.int.test.ts, db/read-router.int.test.ts): integration tests that copy the test PostgreSQL
//   into a streaming replica (decision 0080). They run first, on a PostgreSQL of their own that holds only their
//   databases: the copy is of the whole cluster, and the integration run's hundreds of databases made it too slow.
//   `npm run test:replica`.
// Browser tests are Playwright's (npm run test:e2e).
/** Files that copy the test PostgreSQL into a replica: a project of their own, run first (below). */
const REPLICA_FILES = ['apps/api/src/db/replica.int.test.ts', 'apps/api/src/db/read-router.int.test.ts'];

export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.proc.test.ts', '**/node_modules/**'],
          setupFiles: ['scripts/unit-guard.mjs'],
          sequence: { groupOrder: 1 },
          environment: 'node',
          // Files share their worker's modules (a fifth of the time): a test that stubs a global or the
          // clock undoes it in afterEach/afterAll (vi.unstubAllGlobals, vi.useRealTimers).
          isolate: false,
        },
      },
      {
        test: {
          name: 'process',
          include: ['packages/*/src/**/*.proc.test.ts', 'apps/*/src/**/*.proc.test.ts'],
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'replica',
          include: REPLICA_FILES,
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/api/src/**/*.int.test.ts', 'apps/api/test/**/*.int.test.ts'],
          exclude: [...REPLICA_FILES, '**/node_modules/**'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
