import { buildDeps, type Deps } from '../../src/app';
import { loadConfig } from '../../src/config';
import { connect, type Database } from '../../src/db';

/**
 * The services on a database `npm run bench:scale -- --keep` left running (its URL is the owner's: the timing
 * scripts read and write as the jobs do), quiet, with a small pool. Close `database` at the end.
 */
export function keptDatabase(url: string): { database: Database; deps: Deps } {
  const config = loadConfig({
    NODE_ENV: 'production',
    IDENTITY_DOCUMENTS_KEY: 'YmVuY2htYXJrLWlkZW50aXR5LWRvY3VtZW50cy0zMiE=', // production wants one (decision 0074); the benchmarks read no document
    DATABASE_URL: url,
    DATABASE_APP_URL: url,
    LOG_LEVEL: 'silent',
  });
  const database = connect(url, 4);
  return { database, deps: buildDeps(config, database.db) };
}
