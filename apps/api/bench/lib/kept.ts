import { buildDeps, type Deps } from '../../src/app';
import { connect, type Database } from '../../src/db';
import { benchConfig } from './config';

/**
 * The services on a database `npm run bench:scale -- --keep` left running (its URL is the owner's: the timing
 * scripts read and write as the jobs do), quiet, with a small pool. Close `database` at the end.
 */
export function keptDatabase(url: string): { database: Database; deps: Deps } {
  const config = benchConfig({ DATABASE_URL: url, DATABASE_APP_URL: url });
  const database = connect(url, 4);
  return { database, deps: buildDeps(config, database.db) };
}
