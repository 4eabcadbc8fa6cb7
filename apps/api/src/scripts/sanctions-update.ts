// npm run sanctions:update [-- <file>] [--published YYYY-MM-DD] [--url <postgres url>]   (decision 0075)
//
// Replaces the OFAC SDN list in force with the publication at <file> (sdn_advanced.xml, sdn.xml or sdn.csv, as the
// U.S. Treasury publishes it; production downloads it and passes it here), or with the shipped snapshot when no file
// is given. The database: --url, else DATABASE_URL, else the development server's embedded one (DATA_DIR; stop the
// server first).
import { loadConfig } from '../config';
import { connect } from '../db';
import { startEmbeddedPostgres } from '../db/embedded';
import { migrate } from '../db/migrate';
import { updateSanctionsList } from '../modules/sanctions/sanctions.update';

function argsOf(argv: string[]) {
  let file: string | undefined;
  let published: string | undefined;
  let url: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--published') published = argv[++i];
    else if (a === '--url') url = argv[++i];
    else if (a.startsWith('--')) throw new Error(`Unknown option ${a}`);
    else file = a;
  }
  return { file, published, url };
}

const args = argsOf(process.argv.slice(2));
const config = loadConfig();
const embedded =
  args.url || config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, 'socialgenx');
const url = args.url ?? config.databaseUrl ?? embedded?.url;
if (!url) throw new Error('No database');
const database = connect(url, 2);
try {
  await migrate(database.pool);
  const r = await updateSanctionsList(database.db, { file: args.file, published: args.published });
  console.log(
    `Sanctions list replaced from ${r.source}: published ${r.publishedOn}, ${r.entries} addresses ` +
      `(${r.evm} EVM, ${r.tron} TRON)${r.skipped ? `, ${r.skipped} of other currencies skipped` : ''}; list #${r.listId}.`,
  );
} finally {
  await database.close();
  await embedded?.stop();
}
