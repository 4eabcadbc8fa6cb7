import type { Config } from '../config';
import { connect } from '../db';
import { startEmbeddedPostgres } from '../db/embedded';
import { migrate } from '../db/migrate';

type Database = ReturnType<typeof connect>;

/**
 * The database an operator's script works on: `url` (its --url), else DATABASE_URL, else the development server's
 * embedded one in DATA_DIR (the server stopped first), migrated; closed (and the embedded server stopped) after.
 */
export async function withScriptDatabase<T>(
  config: Config,
  url: string | undefined,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const embedded =
    url || config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, 'socialgenx');
  const target = url ?? config.databaseUrl ?? embedded?.url;
  if (!target) throw new Error('No database');
  const database = connect(target, 2);
  try {
    await migrate(database.pool);
    return await work(database);
  } finally {
    await database.close();
    await embedded?.stop();
  }
}
