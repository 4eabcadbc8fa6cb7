// The committed schema files, made from a freshly migrated database (decision 0058):
//   apps/api/src/db/schema.sql   the schema as stable SQL-like text (schema-dump.ts)
//   apps/api/src/db/schema.ts    the Kysely types (schema-types.ts, with schema-overrides.ts)
//
//   npm run db:schema                     regenerates both (starts an embedded PostgreSQL in a temporary folder)
//   npm run check:schema                  regenerates into a temporary folder; fails with a diff when either is stale
//   ... -- --url <postgres url>           reads that database instead (already migrated; nothing is written to it)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connect } from '../db';
import { startEmbeddedPostgres } from '../db/embedded';
import { migrate } from '../db/migrate';
import { dumpSchema } from '../db/schema-dump';
import { generateTypes, introspect } from '../db/schema-types';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const dbDir = path.join(repoRoot, 'apps/api/src/db');
export const SCHEMA_FILES = { sql: 'schema.sql', ts: 'schema.ts' } as const;

/** Both files' text, read from the database at `url`. */
export async function schemaFilesOf(url: string): Promise<Record<keyof typeof SCHEMA_FILES, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const sql = await dumpSchema(client);
    const ts = formatTs(generateTypes(await introspect(client)));
    return { sql, ts };
  } finally {
    await client.end();
  }
}

/** The generated TypeScript as the repository's formatter writes it (biome.json), so lint never disagrees. */
function formatTs(text: string): string {
  const bin = path.join(repoRoot, 'node_modules/.bin/biome');
  const run = spawnSync(bin, ['format', `--stdin-file-path=${path.join(dbDir, SCHEMA_FILES.ts)}`], {
    cwd: repoRoot,
    input: text,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`biome could not format the generated types:\n${run.stderr}`);
  return run.stdout;
}

/** Both files' text from a fresh embedded PostgreSQL migrated by migrate.ts, stopped and removed afterwards. */
export async function freshSchemaFiles(): Promise<Record<keyof typeof SCHEMA_FILES, string>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sgx-schema-pg-'));
  try {
    const embedded = await startEmbeddedPostgres(dir, 'sgx_schema', undefined, {
      totalMemory: 2 * 1024 ** 3,
    });
    try {
      const database = connect(embedded.url, 1);
      try {
        await migrate(database.pool);
      } finally {
        await database.close();
      }
      return await schemaFilesOf(embedded.url);
    } finally {
      await embedded.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A unified diff of the committed file against the fresh text, or '' when they are the same. */
export async function staleness(
  files: Record<keyof typeof SCHEMA_FILES, string>,
  dir = dbDir,
): Promise<string> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'sgx-schema-check-'));
  try {
    let report = '';
    for (const key of Object.keys(SCHEMA_FILES) as (keyof typeof SCHEMA_FILES)[]) {
      const committed = path.join(dir, SCHEMA_FILES[key]);
      const text = existsSync(committed) ? readFileSync(committed, 'utf8') : '';
      if (text === files[key]) continue;
      const fresh = path.join(tmp, SCHEMA_FILES[key]);
      await writeFile(fresh, files[key]);
      const run = spawnSync(
        'diff',
        [
          '-u',
          '--label',
          `committed/${SCHEMA_FILES[key]}`,
          '--label',
          `database/${SCHEMA_FILES[key]}`,
          existsSync(committed) ? committed : '/dev/null',
          fresh,
        ],
        { encoding: 'utf8' },
      );
      report += run.error
        ? `${SCHEMA_FILES[key]} differs from the database (no diff program to show how)\n`
        : run.stdout;
    }
    return report;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const args = process.argv.slice(2);
  const urlAt = args.indexOf('--url');
  const url = urlAt >= 0 ? args[urlAt + 1] : undefined;
  const files = url ? await schemaFilesOf(url) : await freshSchemaFiles();
  if (args.includes('--check')) {
    const diff = await staleness(files);
    if (diff) {
      process.stdout.write(diff);
      console.error(
        '\nThe committed schema files differ from the migrated database: run `npm run db:schema` and commit them.',
      );
      process.exit(1);
    }
    console.log('Schema files: up to date with the migrations');
  } else {
    for (const key of Object.keys(SCHEMA_FILES) as (keyof typeof SCHEMA_FILES)[])
      await writeFile(path.join(dbDir, SCHEMA_FILES[key]), files[key]);
    console.log(
      `Wrote ${Object.values(SCHEMA_FILES)
        .map((f) => `apps/api/src/db/${f}`)
        .join(' and ')}`,
    );
  }
}
