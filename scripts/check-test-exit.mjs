// CI's proof that a failing test fails the run (decision 0060: `npm test` once exited 0 while integration tests
// failed, so CI passed whatever they said). In a scratch copy of the repository (its tracked files, this
// checkout's node_modules linked), one deliberately failing test is added to each test project, and each
// command CI runs must exit non-zero on it: `npm test` (the three vitest projects at once: unit, process,
// integration; docs/decisions/0060-fast-unit-project.md), each vitest project alone, and the Playwright runner.
// A unit test that starts a process must fail the unit project (scripts/unit-guard.mjs). A passing test
// through `npm test` must still exit 0, so the check cannot pass by a runner that always fails. Run by
// .ci/run; `node scripts/check-test-exit.mjs`.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'sgx-test-exit-'));

const FAILING = `import { expect, it } from 'vitest';\nit('fails on purpose (scripts/check-test-exit.mjs)', () => {\n  expect(1 + 1).toBe(3);\n});\n`;
const PASSING = `import { expect, it } from 'vitest';\nit('passes (scripts/check-test-exit.mjs)', () => {\n  expect(1 + 1).toBe(2);\n});\n`;
const SPAWNING = `import { execFileSync } from 'node:child_process';\nimport { expect, it } from 'vitest';\nit('starts a process in a unit test (scripts/check-test-exit.mjs)', () => {\n  expect(execFileSync(process.execPath, ['-e', 'process.stdout.write("1")'], { encoding: 'utf8' })).toBe('1');\n});\n`;
const FAILING_E2E = `import { expect, test } from '@playwright/test';\ntest('fails on purpose (scripts/check-test-exit.mjs)', () => {\n  expect(1 + 1).toBe(3);\n});\n`;

/** The files each case adds, by path in the scratch copy. */
const files = {
  unit: 'packages/money/src/zz-check-test-exit.test.ts',
  proc: 'packages/money/src/zz-check-test-exit.proc.test.ts',
  integration: 'apps/api/test/zz-check-test-exit.int.test.ts',
  e2e: 'apps/web/e2e-check-test-exit/fails.spec.ts',
  e2eConfig: 'apps/web/e2e-check-test-exit/playwright.config.ts',
};

const cases = [
  {
    name: 'npm test, a failing unit test',
    write: { [files.unit]: FAILING },
    cmd: ['npm', 'test', '--', files.unit],
    fails: true,
  },
  {
    name: 'npm test, a failing integration test',
    write: { [files.integration]: FAILING },
    cmd: ['npm', 'test', '--', files.integration],
    fails: true,
  },
  {
    name: 'npm run test:unit, a failing unit test',
    write: { [files.unit]: FAILING },
    cmd: ['npm', 'run', 'test:unit', '--', files.unit],
    fails: true,
  },
  {
    name: 'npm test, a failing process test',
    write: { [files.proc]: FAILING },
    cmd: ['npm', 'test', '--', files.proc],
    fails: true,
  },
  {
    name: 'npm run test:proc, a failing process test',
    write: { [files.proc]: FAILING },
    cmd: ['npm', 'run', 'test:proc', '--', files.proc],
    fails: true,
  },
  {
    name: 'npm run test:unit, a unit test that starts a process (the unit guard)',
    write: { [files.unit]: SPAWNING },
    cmd: ['npm', 'run', 'test:unit', '--', files.unit],
    fails: true,
  },
  {
    name: 'npm run test:int, a failing integration test',
    write: { [files.integration]: FAILING },
    cmd: ['npm', 'run', 'test:int', '--', files.integration],
    fails: true,
  },
  {
    name: 'the Playwright runner, a failing browser test',
    write: {
      [files.e2e]: FAILING_E2E,
      [files.e2eConfig]: `import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: '.', reporter: 'list' });\n`,
    },
    cmd: ['npx', 'playwright', 'test', '-c', files.e2eConfig],
    fails: true,
  },
  {
    name: 'npm run test:proc, the same process-starting test where it belongs',
    write: { [files.proc]: SPAWNING },
    cmd: ['npm', 'run', 'test:proc', '--', files.proc],
    fails: false,
  },
  {
    name: 'npm test, a passing integration test',
    write: { [files.integration]: PASSING },
    cmd: ['npm', 'test', '--', files.integration],
    fails: false,
  },
];

let wrong = 0;
try {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const file of tracked) {
    const to = path.join(scratch, file);
    mkdirSync(path.dirname(to), { recursive: true });
    cpSync(path.join(root, file), to, { dereference: false, errorOnExist: false, force: true });
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');

  for (const c of cases) {
    for (const f of Object.values(files)) rmSync(path.join(scratch, f), { force: true });
    for (const [f, text] of Object.entries(c.write)) {
      mkdirSync(path.dirname(path.join(scratch, f)), { recursive: true });
      writeFileSync(path.join(scratch, f), text);
    }
    const run = spawnSync(c.cmd[0], c.cmd.slice(1), {
      cwd: scratch,
      encoding: 'utf8',
      env: { ...process.env, CI: 'true', FORCE_COLOR: '0' },
      timeout: 300_000,
    });
    const failed = run.status !== 0;
    const ok = failed === c.fails;
    if (!ok) wrong += 1;
    console.log(
      `${ok ? '✓' : '✗'} ${c.name}: exit ${run.status ?? run.signal} (expected ${c.fails ? 'non-zero' : '0'})`,
    );
    if (!ok) console.log(`${run.stdout}\n${run.stderr}`.split('\n').slice(-30).join('\n'));
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

if (wrong > 0) {
  console.error(`${wrong} test command(s) did not exit as expected: CI would not see failing tests`);
  process.exit(1);
}
console.log('every test command exits non-zero on a failing test');
