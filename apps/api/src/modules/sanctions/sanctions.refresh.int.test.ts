import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { jobs } from '../../jobs/jobs';
import { refreshSanctionsList, SANCTIONS_LIST_STALE_DAYS, STALE_ALERT_KEY } from './sanctions.refresh';

/**
 * The daily refresh of the OFAC list (decision 0075) from a real HTTP server on loopback serving the fixture
 * publications, on the real PostgreSQL: loaded when the content changed (and what members use re-screened), nothing
 * when it did not, the list kept when the download fails, and compliance told by a staff alert only once the list in
 * force is older than SANCTIONS_LIST_STALE_DAYS; the alert closes when a refresh succeeds again.
 */
let t: TestApp;
let server: Server;
let base: string;
/** What the loopback server answers: a fixture file's bytes, or an HTTP status. */
let serving: { file: string } | { status: number } = { status: 404 };
let requests = 0;
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const refreshJob = jobs.find((j) => j.name === 'sanctions-refresh-daily');

beforeAll(async () => {
  server = createServer((_req, res) => {
    requests++;
    const what = serving;
    if ('status' in what) {
      res.writeHead(what.status).end('unavailable');
      return;
    }
    readFile(what.file).then(
      (bytes) => res.writeHead(200, { 'content-type': 'application/xml' }).end(bytes),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await buildTestApp({ SANCTIONS_LIST_URL: `${base}/ofac/sdn.xml` });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

const ofacLists = async () =>
  (
    await sqlOn(
      t.url,
      "SELECT id, to_char(published_on, 'YYYY-MM-DD') AS published_on, entry_count, extracted_from, replaced_at IS NULL AS in_force FROM sanctions_lists WHERE source = 'ofac_sdn' ORDER BY id",
    )
  ).rows;
const staleAlerts = async () =>
  (
    await sqlOn(
      t.url,
      'SELECT kind, message, link, resolved_at IS NULL AS open FROM staff_alerts WHERE dedupe_key = $1 ORDER BY id',
      [STALE_ALERT_KEY],
    )
  ).rows;
const runJob = (now: Date) => {
  if (!refreshJob) throw new Error('no sanctions-refresh-daily job');
  return refreshJob.run(t.deps, {}, now);
};
const day = (d: string) => new Date(`${d}T01:50:00Z`);

describe('the daily refresh of the OFAC list', () => {
  it('does nothing when no source is set', async () => {
    expect(await refreshSanctionsList(t.deps.db, { url: undefined, file: undefined }, new Date())).toEqual({
      status: 'skipped',
      reason: 'Neither SANCTIONS_LIST_URL nor SANCTIONS_LIST_FILE is set.',
    });
    expect(await ofacLists()).toEqual([]);
  });

  it('loads the publication the URL serves, re-screening what members use; the same content again changes nothing', async () => {
    const member = await buildMember(t.deps);
    await sqlOn(t.url, 'UPDATE users SET trc20 = $2 WHERE id = $1', [
      member.id,
      'TA3rH2A7iHnm6pKH8gr9cK1EZnShnmZdFg',
    ]);
    serving = { file: fixture('sdn_advanced.xml') };
    const first = await runJob(day('2024-03-08'));
    expect(first).toMatchObject({ status: 'loaded', published_on: '2024-03-07', entries: 3, rescreened: 1 });
    expect(await ofacLists()).toEqual([
      {
        id: expect.anything(),
        published_on: '2024-03-07',
        entry_count: 3,
        extracted_from: `sdn.xml from ${base}/ofac/sdn.xml (sdn_advanced_xml)`,
        in_force: true,
      },
    ]);
    const hits = await sqlOn(t.url, 'SELECT kind, list_source FROM sanctions_hits WHERE member_id = $1', [
      member.id,
    ]);
    expect(hits.rows).toEqual([{ kind: 'payout_address', list_source: 'ofac_sdn' }]);

    const seen = requests;
    const again = await runJob(day('2024-03-09'));
    expect(requests).toBe(seen + 1);
    expect(again).toMatchObject({ status: 'unchanged', published_on: '2024-03-07' });
    expect(await ofacLists()).toHaveLength(1);
    expect(await staleAlerts()).toEqual([]);
  });

  it('keeps the list when the download fails, and tells compliance once the list is older than the limit', async () => {
    serving = { status: 503 };
    // Within the limit: kept, nobody alerted.
    const fresh = await runJob(day('2024-03-09'));
    expect(fresh).toMatchObject({ status: 'failed', age_days: 2, alerted: false });
    expect(String((fresh as { error: string }).error)).toContain('HTTP 503');
    expect(await staleAlerts()).toEqual([]);
    // A file that cannot be loaded (the CSV says no publication date) is a failure too, and keeps the list.
    serving = { file: fixture('sdn.csv') };
    expect(await runJob(day('2024-03-09'))).toMatchObject({ status: 'failed', alerted: false });

    // Past the limit: the compliance alert opens, once, whatever the number of failed days.
    serving = { status: 500 };
    const late = day('2024-03-07');
    late.setUTCDate(late.getUTCDate() + SANCTIONS_LIST_STALE_DAYS + 1);
    const stale = await runJob(late);
    expect(stale).toMatchObject({ status: 'failed', age_days: SANCTIONS_LIST_STALE_DAYS + 1, alerted: true });
    await runJob(late);
    const alerts = await staleAlerts();
    expect(alerts).toEqual([
      {
        kind: 'compliance',
        message: expect.stringContaining(
          `The list in force was published on 2024-03-07, ${SANCTIONS_LIST_STALE_DAYS + 1} days ago`,
        ),
        link: '/admin/sanctions',
        open: true,
      },
    ]);
    expect((await ofacLists()).filter((l) => l.in_force)).toEqual([
      expect.objectContaining({ published_on: '2024-03-07', entry_count: 3 }),
    ]);

    // A new publication served again: loaded, and the alert closes.
    serving = { file: fixture('sdn.xml') };
    expect(await runJob(late)).toMatchObject({ status: 'loaded', published_on: '2024-03-07' });
    expect(await staleAlerts()).toEqual([expect.objectContaining({ open: false })]);
    expect((await ofacLists()).filter((l) => l.in_force)).toEqual([
      expect.objectContaining({ extracted_from: `sdn.xml from ${base}/ofac/sdn.xml (sdn_xml)` }),
    ]);
  });

  it('refuses a publication older than the list in force, and keeps the list', async () => {
    serving = { file: fixture('sdn.xml') };
    await runJob(new Date());
    const before = (await ofacLists()).filter((l) => l.in_force);
    expect(before).toEqual([expect.objectContaining({ published_on: '2024-03-07' })]);
    // The same list, as an older publication (a stale mirror): different bytes, an earlier date.
    const older = path.join(await mkdtemp(path.join(os.tmpdir(), 'sdn-old-')), 'sdn.xml');
    const text = await readFile(fixture('sdn.xml'), 'utf8');
    expect(text).toContain('<Publish_Date>03/07/2024</Publish_Date>');
    await writeFile(
      older,
      text.replace('<Publish_Date>03/07/2024</Publish_Date>', '<Publish_Date>01/02/2024</Publish_Date>'),
    );
    serving = { file: older };
    const r = await runJob(new Date());
    expect(r).toMatchObject({
      status: 'failed',
      error: expect.stringContaining(
        'This publication (2024-01-02) is older than the list in force (2024-03-07)',
      ),
    });
    expect((await ofacLists()).filter((l) => l.in_force)).toEqual(before);
  });

  it('reads SANCTIONS_LIST_FILE instead of a URL', async () => {
    const r = await refreshSanctionsList(
      t.deps.db,
      { url: undefined, file: fixture('sdn_advanced.xml') },
      new Date(),
    );
    expect(r).toMatchObject({ status: 'loaded', published_on: '2024-03-07', entries: 3 });
    expect((await ofacLists()).filter((l) => l.in_force)).toEqual([
      expect.objectContaining({ extracted_from: 'sdn_advanced.xml (sdn_advanced_xml)' }),
    ]);
    expect(
      await refreshSanctionsList(
        t.deps.db,
        { url: undefined, file: fixture('sdn_advanced.xml') },
        new Date(),
      ),
    ).toMatchObject({ status: 'unchanged' });
  });
});
