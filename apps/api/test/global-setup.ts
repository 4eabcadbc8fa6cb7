import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { APP_ROLE, connect } from '../src/db';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/db/embedded';
import { migrate } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** The password of the app role (sgx_app, a LOGIN role without superuser or DDL rights). */
    pgAppPassword: string;
    templateDb: string;
    /** The embedded server's data folder ('' with TEST_DATABASE_URL): what a test replica copies (test/replica.ts). */
    pgDataDir: string;
  }
}

const TEMPLATE = 'sgx_template';

/**
 * One real PostgreSQL for the integration run: TEST_DATABASE_URL (a server where the user may
 * create databases) or an embedded one in a temporary folder. A migrated template database is
 * made once; each test file clones it into a fresh database of its own.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let dir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sgx-test-pg-'));
    // A test database is small: memory for a 2 GiB machine is plenty, and several runs may share this one.
    embedded = await startEmbeddedPostgres(dir, 'postgres', undefined, { totalMemory: 2 * 1024 ** 3 });
    adminUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  await admin.end();
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE}`;
  const db = connect(templateUrl.toString(), 2);
  await migrate(db.pool);
  await db.close();
  // Every test app signs in as the app role, as production does: the suite proves its grants suffice.
  const appPassword = randomBytes(18).toString('base64url');
  const owner = new pg.Client({ connectionString: adminUrl });
  await owner.connect();
  await owner.query(`ALTER ROLE ${APP_ROLE} LOGIN PASSWORD ${owner.escapeLiteral(appPassword)}`);
  await owner.end();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgAppPassword', appPassword);
  project.provide('templateDb', TEMPLATE);
  project.provide('pgDataDir', dir ? path.join(dir, 'pg') : '');

  return async () => {
    await embedded?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
}
