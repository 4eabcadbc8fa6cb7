import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { openStaffAlert, resolveStaffAlert } from '../notifications/staff-alerts';
import { loadPublication, sha256Of } from './sanctions.update';

/**
 * The daily refresh of the OFAC list (decision 0075, job `sanctions-refresh-daily`): the publication is read from
 * the configured source (SANCTIONS_LIST_URL, an http(s) address such as OFAC's sdn.xml; or SANCTIONS_LIST_FILE, a
 * path) and loaded as `npm run sanctions:update` loads a file, re-screening included. Content with the SHA-256 of the
 * list in force changes nothing. A failed read or a refused file keeps the list in force; when that list was
 * published more than SANCTIONS_LIST_STALE_DAYS days ago (or none is loaded) compliance is told by a staff alert,
 * closed by the next refresh that succeeds.
 */

/** How old (days since its publication date) the list in force may be when a refresh fails before compliance is told. */
export const SANCTIONS_LIST_STALE_DAYS = 7;
/** The staff alert of a stale list: one open at a time. */
export const STALE_ALERT_KEY = 'sanctions-list-stale';
/** How long a download may take (OFAC's sdn.xml is tens of megabytes). */
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

export type SanctionsSource = { url: string | undefined; file: string | undefined };

export type RefreshResult =
  | { status: 'skipped'; reason: string }
  | { status: 'unchanged'; list_id: string; published_on: string | null }
  | { status: 'loaded'; list_id: string; published_on: string; entries: number; rescreened: number }
  | { status: 'failed'; error: string; age_days: number | null; alerted: boolean };

async function download(url: string): Promise<Buffer> {
  const res = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), redirect: 'follow' });
  if (!res.ok) throw new Error(`${url} answered HTTP ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** Where a publication came from, as the list row keeps it ("sdn.xml from https://…", "sdn.xml"). */
const nameOf = (source: SanctionsSource): string =>
  source.url
    ? `${path.posix.basename(new URL(source.url).pathname) || 'download'} from ${source.url}`
    : path.basename(source.file ?? '');

async function ofacInForce(db: Db) {
  return db
    .selectFrom('sanctions_lists')
    .select(['id', 'sha256', sql<string | null>`to_char(published_on, 'YYYY-MM-DD')`.as('published_on')])
    .where('source', '=', 'ofac_sdn')
    .where('replaced_at', 'is', null)
    .executeTakeFirst();
}

/** Runs one refresh from `source` at `now` (the job's run). Never throws for a failed read: it reports it. */
export async function refreshSanctionsList(
  db: Db,
  source: SanctionsSource,
  now: Date,
): Promise<RefreshResult> {
  if (!source.url && !source.file)
    return { status: 'skipped', reason: 'Neither SANCTIONS_LIST_URL nor SANCTIONS_LIST_FILE is set.' };
  try {
    const bytes = source.url ? await download(source.url) : await readFile(source.file as string);
    const current = await ofacInForce(db);
    if (current && current.sha256 === sha256Of(bytes)) {
      await resolveStaffAlert(db, STALE_ALERT_KEY);
      return { status: 'unchanged', list_id: String(current.id), published_on: current.published_on };
    }
    // Never backwards: a stale mirror or a cached old file must not replace a newer list.
    const r = await loadPublication(db, bytes, nameOf(source), undefined, current?.published_on ?? undefined);
    await resolveStaffAlert(db, STALE_ALERT_KEY);
    return {
      status: 'loaded',
      list_id: String(r.listId),
      published_on: r.publishedOn,
      entries: r.entries,
      rescreened: r.rescreened,
    };
  } catch (err) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 300);
    const current = await ofacInForce(db);
    const age =
      current?.published_on == null
        ? null
        : Math.floor((now.getTime() - Date.parse(`${current.published_on}T00:00:00Z`)) / 86_400_000);
    const stale = age === null || age > SANCTIONS_LIST_STALE_DAYS;
    if (stale)
      await openStaffAlert(db, {
        kind: 'compliance',
        dedupeKey: STALE_ALERT_KEY,
        message:
          age === null
            ? `The OFAC sanctions list could not be loaded (${error}) and none is in force: run npm run sanctions:update.`
            : `The OFAC sanctions list could not be refreshed (${error}). The list in force was published on ${current?.published_on}, ${age} days ago; screening goes on against it until a refresh succeeds.`,
        link: '/admin/sanctions',
      });
    return { status: 'failed', error, age_days: age, alerted: stale };
  }
}
