import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { rescreenListed } from './sanctions.hits';
import { loadSnapshot, replaceOfacList } from './sanctions.lists';
import { parseSdn } from './sdn-parser';

export type UpdateResult = {
  listId: bigint;
  source: string;
  publishedOn: string;
  entries: number;
  evm: number;
  tron: number;
  skipped: number;
  /** Payout addresses set and wallets linked found on the new list (each a hit held for compliance). */
  rescreened: number;
};

/**
 * `npm run sanctions:update [file] [--published YYYY-MM-DD]` (decision 0075): the OFAC SDN publication at `file`
 * (sdn_advanced.xml, sdn.xml or sdn.csv, downloaded by production and passed here) replaces the OFAC list in force,
 * atomically, with its publication date (the file's own; the CSV has none: `published` gives it). Without a file, the
 * shipped snapshot. A file with no EVM or TRON address is refused (a wrong or broken download must not empty the list).
 */
export async function updateSanctionsList(
  db: Db,
  opts: { file?: string | undefined; published?: string | undefined },
): Promise<UpdateResult> {
  if (!opts.file) {
    const listId = await loadSnapshot(db);
    const row = await db
      .selectFrom('sanctions_lists')
      .select([sql<string>`to_char(published_on, 'YYYY-MM-DD')`.as('published_on'), 'entry_count'])
      .where('id', '=', listId)
      .executeTakeFirstOrThrow();
    const counts = await db
      .selectFrom('sanctioned_addresses')
      .select(['family', db.fn.countAll<string>().as('n')])
      .where('list_id', '=', listId)
      .groupBy('family')
      .execute();
    const of = (f: string) => Number(counts.find((c) => c.family === f)?.n ?? 0);
    return {
      listId,
      source: 'the shipped snapshot',
      publishedOn: row.published_on,
      entries: row.entry_count,
      evm: of('evm'),
      tron: of('tron'),
      skipped: 0,
      rescreened: await rescreenListed(db, listId),
    };
  }
  return loadPublication(db, await readFile(opts.file), path.basename(opts.file), opts.published);
}

/**
 * A publication's bytes (read from a file or downloaded by the daily refresh, `sanctions.refresh.ts`) replacing the
 * OFAC list in force, then what members already use re-screened against it. `name` says where it came from.
 */
export async function loadPublication(
  db: Db,
  bytes: Buffer,
  name: string,
  published?: string | undefined,
  /** The publication date of the list in force: an older publication is refused (the daily refresh's guard). */
  notBefore?: string | undefined,
): Promise<UpdateResult> {
  const parsed = parseSdn(bytes.toString('utf8'));
  const publishedOn = published ?? parsed.publishedOn;
  if (!publishedOn)
    throw new Error(
      'This file does not say when it was published (the CSV never does): give --published YYYY-MM-DD.',
    );
  if (!/^\d{4}-\d{2}-\d{2}$/.test(publishedOn) || Number.isNaN(Date.parse(publishedOn)))
    throw new Error(`Not a date: ${publishedOn} (YYYY-MM-DD).`);
  if (notBefore !== undefined && publishedOn < notBefore)
    throw new Error(
      `This publication (${publishedOn}) is older than the list in force (${notBefore}): the list in force is left as it is.`,
    );
  if (parsed.entries.length === 0)
    throw new Error('No EVM or TRON address was found in this file: the list in force is left as it is.');
  const source = `${name} (${parsed.format})`;
  const listId = await replaceOfacList(db, {
    publishedOn,
    extractedFrom: source,
    sha256: sha256Of(bytes),
    entries: parsed.entries,
    loadedBy: null,
  });
  return {
    listId,
    source,
    publishedOn,
    entries: parsed.entries.length,
    evm: parsed.entries.filter((e) => e.family === 'evm').length,
    tron: parsed.entries.filter((e) => e.family === 'tron').length,
    skipped: parsed.skipped,
    rescreened: await rescreenListed(db, listId),
  };
}

/** The SHA-256 a list row keeps of the publication it was read from. */
export const sha256Of = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
