// npm run identity:rekey [-- --batch <n>] [--url <postgres url>]   (decision 0074)
//
// Re-seals every kept identity document under the current IDENTITY_DOCUMENTS_KEY, opening each with the key that
// sealed it (the current one or IDENTITY_DOCUMENTS_KEY_PREVIOUS). One transaction per batch: safe to stop and to run
// again (a second run finds nothing to do). Run it once every instance has the new key and the previous one; remove
// IDENTITY_DOCUMENTS_KEY_PREVIOUS after it reports nothing left. Exits with 1 when a document opened under neither key.
// The database: --url, else DATABASE_URL, else the development server's embedded one (DATA_DIR; stop the server
// first).
import { loadConfig } from '../config';
import { keyIdOf } from '../modules/identity/documents.crypto';
import { rekeyIdentityDocuments } from '../modules/identity/rekey';
import { withScriptDatabase } from './script-database';

function argsOf(argv: string[]) {
  let batch = 100;
  let url: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--batch') batch = Number(argv[++i]);
    else if (a === '--url') url = argv[++i];
    else throw new Error(`Unknown option ${a}`);
  }
  if (!Number.isInteger(batch) || batch < 1 || batch > 10_000) throw new Error('--batch is 1 to 10000');
  return { batch, url };
}

const args = argsOf(process.argv.slice(2));
const config = loadConfig();
const { documentsKey, previousDocumentsKey, developmentKey } = config.identity;
if (developmentKey) console.warn('IDENTITY_DOCUMENTS_KEY is not set: re-sealing under the development key.');
await withScriptDatabase(config, args.url, async (database) => {
  const r = await rekeyIdentityDocuments(
    database.db,
    { current: documentsKey, previous: previousDocumentsKey },
    { batchSize: args.batch, onBatch: (n) => console.log(`… ${n} re-sealed`) },
  );
  console.log(
    `Identity documents re-sealed under key ${keyIdOf(documentsKey)}: ${r.resealed}` +
      (previousDocumentsKey ? ` (previous key ${keyIdOf(previousDocumentsKey)}).` : '.'),
  );
  if (r.unopenable.length > 0) {
    console.error(
      `${r.unopenable.length} document(s) opened under neither key, left as they are: ids ${r.unopenable.join(', ')}. ` +
        'Set IDENTITY_DOCUMENTS_KEY_PREVIOUS to the key that sealed them and run again.',
    );
    process.exitCode = 1;
  }
});
