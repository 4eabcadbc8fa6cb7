// npm run sanctions:update [-- <file>] [--published YYYY-MM-DD] [--url <postgres url>]   (decision 0075)
//
// Replaces the OFAC SDN list in force with the publication at <file> (sdn_advanced.xml, sdn.xml or sdn.csv, as the
// U.S. Treasury publishes it; production downloads it and passes it here), or with the shipped snapshot when no file
// is given, then screens the payout addresses set and the wallets linked against it (each found: a hit held for
// compliance, once per member and address). The database: --url, else DATABASE_URL, else the development server's
// embedded one (DATA_DIR; stop the server first).
import { loadConfig } from '../config';
import { updateSanctionsList } from '../modules/sanctions/sanctions.update';
import { withScriptDatabase } from './script-database';

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
await withScriptDatabase(config, args.url, async (database) => {
  const r = await updateSanctionsList(database.db, { file: args.file, published: args.published });
  console.log(
    `Sanctions list replaced from ${r.source}: published ${r.publishedOn}, ${r.entries} addresses ` +
      `(${r.evm} EVM, ${r.tron} TRON)${r.skipped ? `, ${r.skipped} of other currencies skipped` : ''}; list #${r.listId}. ` +
      `Payout addresses and wallets already in use found on it: ${r.rescreened}.`,
  );
});
