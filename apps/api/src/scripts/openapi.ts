// The API's OpenAPI document, as /api/docs/json serves it, built without a database.
//   npm run openapi -w @sgx/api [-- <file>]    writes it (default: stdout)
//   npm run check:openapi                      writes it to a temporary file and lints it (redocly.yaml)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, buildDeps } from '../app';
import { loadConfig } from '../config';
import { connect } from '../db';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** The document of the app's routes. No query runs: the pool is made but never used. */
export async function openApiDocument(): Promise<unknown> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Never connected to: building the app only declares its routes.
    DATABASE_URL: 'postgres://openapi@127.0.0.1:9/openapi',
    APP_URL: 'http://localhost:3000',
  });
  const database = connect(config.databaseUrl as string, 1);
  const app = await buildApp(buildDeps(config, database.db));
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await database.close();
  }
}

/** Lints a document file with the repository's redocly.yaml; the linter's exit status and output. */
export function lintOpenApi(file: string): { status: number; output: string } {
  const bin = path.join(repoRoot, 'node_modules/.bin/redocly');
  const run = spawnSync(bin, ['lint', '--config', path.join(repoRoot, 'redocly.yaml'), file], {
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  return { status: run.status ?? 1, output: `${run.stdout}${run.stderr}` };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const text = `${JSON.stringify(await openApiDocument(), null, 2)}\n`;
  if (process.argv.includes('--check')) {
    const dir = mkdtempSync(path.join(tmpdir(), 'sgx-openapi-'));
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, text);
    const { status, output } = lintOpenApi(file);
    rmSync(dir, { recursive: true, force: true });
    if (status !== 0) process.stdout.write(output);
    console.log(status === 0 ? 'OpenAPI document: lint passed' : 'OpenAPI document: lint failed');
    process.exit(status);
  }
  const out = process.argv[2];
  if (out) writeFileSync(out, text);
  else process.stdout.write(text);
}
