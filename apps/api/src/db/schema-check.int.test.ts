import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, sqlOn } from '../../test/helpers';
import { SCHEMA_FILES, schemaFilesOf, staleness } from '../scripts/db-schema';

/**
 * `npm run check:schema` (decision 0058) fails when the committed schema.sql or schema.ts no longer says what the
 * migrated database is. Here the "committed" files are a migrated database's own, written to a folder; a change
 * to a copy of that database must then show in the check's diff.
 */
describe('the schema check sees a database that left its committed files', () => {
  let dir: string;
  let files: Awaited<ReturnType<typeof schemaFilesOf>>;
  beforeAll(async () => {
    files = await schemaFilesOf(await createTestDatabase());
    dir = await mkdtemp(path.join(os.tmpdir(), 'sgx-schema-test-'));
    for (const key of Object.keys(SCHEMA_FILES) as (keyof typeof SCHEMA_FILES)[])
      await writeFile(path.join(dir, SCHEMA_FILES[key]), files[key]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('says nothing for a database with the same schema, and prints the same text twice', async () => {
    const again = await schemaFilesOf(await createTestDatabase());
    expect(again).toEqual(files);
    expect(await staleness(again, dir)).toBe('');
  });

  it('reports an extra column in both files, and the command exits non-zero with the diff', async () => {
    const url = await createTestDatabase();
    await sqlOn(url, 'ALTER TABLE users ADD COLUMN nickname text');
    const diff = await staleness(await schemaFilesOf(url), dir);
    expect(diff).toContain('+  nickname text,');
    expect(diff).toContain('+  nickname: string | null;');

    const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');
    const script = path.resolve(import.meta.dirname, '../scripts/db-schema.ts');
    const run = spawnSync(tsx, [script, '--check', '--url', url], { encoding: 'utf8' });
    // Against the repository's committed files: the extra column is not in them.
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('+  nickname text,');
    expect(run.stderr).toContain('npm run db:schema');
  }, 60_000);

  it('reports a changed function body, index, trigger and CHECK constraint', async () => {
    const url = await createTestDatabase();
    await sqlOn(
      url,
      `CREATE OR REPLACE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN OLD; END $$;
       CREATE INDEX users_nickname_probe ON users (fullname);
       DROP TRIGGER cto_payouts_kept ON cto_payouts;
       ALTER TABLE tickets DROP CONSTRAINT tickets_status_check;
       ALTER TABLE tickets ADD CONSTRAINT tickets_status_check CHECK (status IN ('open', 'closed'))`,
    );
    const diff = await staleness(await schemaFilesOf(url), dir);
    expect(diff).toMatch(/^\+.*BEGIN RETURN OLD; END/m);
    expect(diff).toContain('+CREATE INDEX users_nickname_probe ON public.users USING btree (fullname);');
    expect(diff).toMatch(/^-CREATE TRIGGER cto_payouts_kept /m);
    expect(diff).toContain("+export type TicketStatus = 'open' | 'closed';");
  });

  it('refuses an override the database contradicts', async () => {
    const url = await createTestDatabase();
    await sqlOn(url, 'ALTER TABLE approvals DROP COLUMN payload');
    await expect(schemaFilesOf(url)).rejects.toThrow(/approvals\.payload, which the database does not have/);
    const other = await createTestDatabase();
    await sqlOn(
      other,
      `ALTER TABLE sessions DROP CONSTRAINT sessions_role_check;
       ALTER TABLE sessions ADD CONSTRAINT sessions_role_check CHECK (role IN ('user'))`,
    );
    await expect(schemaFilesOf(other)).rejects.toThrow(
      /UserRole is 'user' \| 'admin' on users\.role but 'user'/,
    );
  });
});
