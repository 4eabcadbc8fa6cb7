import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { hexToTron, TRON_CHAIN_ID } from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db, DbOrTx, Tx } from '../../db';
import { normaliseAddress, type ParsedEntry, type SanctionsFamily } from './sdn-parser';

/**
 * The sanctions lists (decision 0075): the OFAC SDN digital-currency addresses, replaced whole and atomically by each
 * publication loaded (`npm run sanctions:update`), and the operator's own list. The check (`screenAddress`) is one
 * indexed lookup on the normalised address, against the lists in force: always current on every instance, no cache.
 */

export type ListSource = 'ofac_sdn' | 'operator';

export type Screening =
  | { hit: false; address: string | null }
  | {
      hit: true;
      address: string;
      family: SanctionsFamily;
      listId: bigint;
      source: ListSource;
      /** The list's publication date (OFAC) or the entry's date (the operator's list), YYYY-MM-DD. */
      listDate: string;
      entry: { id: bigint; note: string | null; addedAt: Date };
    };

type HitRow = {
  id: bigint;
  address: string;
  family: SanctionsFamily;
  note: string | null;
  added_at: Date;
  list_id: bigint;
  source: ListSource;
  list_date: string;
};

/**
 * Whether `address` (any letter case for EVM, a TRON Base58 address) is on a list in force: the OFAC list first when
 * both list it. An address of no known shape is no hit (its own checks refuse it).
 */
export async function screenAddress(db: DbOrTx, address: string): Promise<Screening> {
  const n = normaliseAddress(address);
  if (!n) return { hit: false, address: null };
  const { rows } = await sql<HitRow>`
    SELECT a.id, a.address, a.family, a.note, a.added_at, l.id AS list_id, l.source,
      to_char(coalesce(l.published_on, a.added_at::date), 'YYYY-MM-DD') AS list_date
    FROM sanctioned_addresses a JOIN sanctions_lists l ON l.id = a.list_id
    WHERE a.address = ${n.address} AND l.replaced_at IS NULL
    ORDER BY l.source = 'ofac_sdn' DESC
    LIMIT 1`.execute(db);
  const r = rows[0];
  return r ? toScreening(r) : { hit: false, address: n.address };
}

const toScreening = (r: HitRow): Screening => ({
  hit: true,
  address: r.address,
  family: r.family,
  listId: r.list_id,
  source: r.source,
  listDate: r.list_date,
  entry: { id: r.id, note: r.note, addedAt: r.added_at },
});

/** The listed ones among many addresses (a scanned range's senders), in one statement, keyed by normalised address. */
export async function screenMany(
  db: DbOrTx,
  addresses: string[],
): Promise<Map<string, Screening & { hit: true }>> {
  const normal = [
    ...new Set(addresses.map((a) => normaliseAddress(a)?.address).filter((a) => a !== undefined)),
  ];
  const out = new Map<string, Screening & { hit: true }>();
  if (normal.length === 0) return out;
  const { rows } = await sql<HitRow>`
    SELECT DISTINCT ON (a.address) a.id, a.address, a.family, a.note, a.added_at, l.id AS list_id, l.source,
      to_char(coalesce(l.published_on, a.added_at::date), 'YYYY-MM-DD') AS list_date
    FROM sanctioned_addresses a JOIN sanctions_lists l ON l.id = a.list_id
    WHERE a.address = ANY(${normal}::text[]) AND l.replaced_at IS NULL
    ORDER BY a.address, l.source = 'ofac_sdn' DESC`.execute(db);
  for (const r of rows) out.set(r.address, toScreening(r) as Screening & { hit: true });
  return out;
}

/** An address as a chain's node gives it (TRON: 20-byte hex) in the form the lists keep (TRON: Base58). */
export function listedForm(chainId: number | null, address: string): string {
  return chainId === TRON_CHAIN_ID && /^0x[0-9a-fA-F]{40}$/.test(address) ? hexToTron(address) : address;
}

export type ListInfo = {
  id: bigint;
  source: ListSource;
  published_on: string | null;
  extracted_from: string | null;
  loaded_at: Date;
  entry_count: number;
  sha256: string | null;
};

/** The lists in force (OFAC first). */
export async function listsInForce(db: DbOrTx): Promise<ListInfo[]> {
  const { rows } = await sql<ListInfo>`
    SELECT id, source, to_char(published_on, 'YYYY-MM-DD') AS published_on, extracted_from, loaded_at, entry_count,
      sha256
    FROM sanctions_lists WHERE replaced_at IS NULL ORDER BY source = 'ofac_sdn' DESC, id`.execute(db);
  return rows;
}

export type OfacLoad = {
  publishedOn: string;
  extractedFrom: string;
  sha256: string;
  entries: ParsedEntry[];
  loadedBy: bigint | null;
};

/**
 * Replaces the OFAC list in force with `load`, in one transaction: checks that begin after it commits see the new
 * list whole, those before it the old one whole. The old list's row stays (hits name it), its addresses go.
 */
export async function replaceOfacList(db: Db, load: OfacLoad): Promise<bigint> {
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('sanctions-list:ofac_sdn'))`.execute(tx);
    const old = await tx
      .updateTable('sanctions_lists')
      .set({ replaced_at: new Date() })
      .where('source', '=', 'ofac_sdn')
      .where('replaced_at', 'is', null)
      .returning('id')
      .execute();
    const list = await tx
      .insertInto('sanctions_lists')
      .values({
        source: 'ofac_sdn',
        published_on: load.publishedOn,
        extracted_from: load.extractedFrom,
        entry_count: load.entries.length,
        sha256: load.sha256,
        loaded_by: load.loadedBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertEntries(tx, list.id, load.entries);
    if (old.length > 0)
      await tx
        .deleteFrom('sanctioned_addresses')
        .where(
          'list_id',
          'in',
          old.map((o) => o.id),
        )
        .execute();
    return list.id;
  });
}

const CHUNK = 20_000;

/** The entries of a list, a chunk of rows per statement. */
export async function insertEntries(tx: Tx, listId: bigint, entries: ParsedEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += CHUNK) {
    const part = entries.slice(i, i + CHUNK);
    await sql`
      INSERT INTO sanctioned_addresses (list_id, family, address, note)
      SELECT ${listId}, f, a, n FROM unnest(${part.map((e) => e.family)}::text[], ${part.map((e) => e.address)}::text[],
        ${part.map((e) => e.currencies.join(', '))}::text[]) AS x(f, a, n)
      ON CONFLICT (address, list_id) DO NOTHING`.execute(tx);
  }
}

/** Where the shipped snapshot is (copied into the repository: CI has nothing else). */
export const SNAPSHOT_DIR = path.join(import.meta.dirname, 'snapshot');

type Manifest = {
  published_on: string;
  files: { file: string; family: SanctionsFamily; currency: string; entries: number; sha256: string }[];
};

/** The shipped snapshot read and checked against its manifest (counts and SHA-256 of each file). */
export async function readSnapshot(): Promise<Omit<OfacLoad, 'loadedBy'>> {
  const manifest = JSON.parse(await readFile(path.join(SNAPSHOT_DIR, 'manifest.json'), 'utf8')) as Manifest;
  const whole = createHash('sha256');
  const byAddress = new Map<string, ParsedEntry>();
  for (const f of manifest.files) {
    const text = await readFile(path.join(SNAPSHOT_DIR, f.file), 'utf8');
    const digest = createHash('sha256').update(text).digest('hex');
    if (digest !== f.sha256) throw new Error(`The snapshot's ${f.file} is not the one its manifest names.`);
    whole.update(text);
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    if (lines.length !== f.entries)
      throw new Error(`The snapshot's ${f.file} has ${lines.length} lines, not ${f.entries}.`);
    for (const line of lines) {
      const n = normaliseAddress(line);
      if (!n || n.family !== f.family)
        throw new Error(`The snapshot's ${f.file} holds "${line}", no ${f.family} address.`);
      const seen = byAddress.get(n.address);
      if (seen) seen.currencies.push(f.currency);
      else byAddress.set(n.address, { ...n, currencies: [f.currency] });
    }
  }
  return {
    publishedOn: manifest.published_on,
    extractedFrom: `snapshot ${manifest.files.map((f) => f.file).join(', ')}`,
    sha256: whole.digest('hex'),
    entries: [...byAddress.values()],
  };
}

/** Loads the shipped snapshot as the OFAC list in force. */
export async function loadSnapshot(db: Db, loadedBy: bigint | null = null): Promise<bigint> {
  return replaceOfacList(db, { ...(await readSnapshot()), loadedBy });
}

/** First run (the dev start, the tests): the snapshot when no OFAC list was ever loaded; false when one was. */
export async function ensureSanctionsList(db: Db): Promise<boolean> {
  const any = await db
    .selectFrom('sanctions_lists')
    .select('id')
    .where('source', '=', 'ofac_sdn')
    .limit(1)
    .executeTakeFirst();
  if (any) return false;
  await loadSnapshot(db);
  return true;
}
