import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { SettingsService } from './settings.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Waits until `check` holds (a notice crosses a real connection), at most 5 s. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe('settings kept in memory', () => {
  it('serve reads from memory, and drop them when any instance announces a change', async () => {
    // A second instance of the service, as a second API process on the same database would have.
    const other = new SettingsService(t.deps.db);
    const stop = await other.listen(t.url);
    try {
      expect((await other.all()).tokenSlippagePercent).toBe(
        (await t.deps.settings.all()).tokenSlippagePercent,
      );
      // Written behind its back with no notice: the kept copy is still served (so it is kept).
      await sqlOn(
        t.url,
        `INSERT INTO settings (key, value) VALUES ('tokenSlippagePercent', '"7"')
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      );
      expect((await other.all()).tokenSlippagePercent).not.toBe('7');
      // A change through the first instance notifies the second.
      const admin = await buildAdmin(t.deps);
      await t.deps.settings.change(
        admin.id,
        { tokenSlippagePercent: '3' },
        'test: a change on another instance',
      );
      expect(await eventually(async () => (await other.all()).tokenSlippagePercent === '3')).toBe(true);
      // The instance that changed it sees it at once, without waiting for the notice.
      expect((await t.deps.settings.all()).tokenSlippagePercent).toBe('3');
    } finally {
      await stop();
    }
  });

  it('keeps nothing while not listening, so a change is never missed', async () => {
    const other = new SettingsService(t.deps.db);
    const stop = await other.listen(t.url);
    await other.all();
    await stop();
    await sqlOn(
      t.url,
      `INSERT INTO settings (key, value) VALUES ('tokenSlippagePercent', '"4"')
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    );
    expect((await other.all()).tokenSlippagePercent).toBe('4');
  });

  it('stops keeping when its connection is ended by the server', async () => {
    const other = new SettingsService(t.deps.db);
    const stop = await other.listen(t.url, 100);
    try {
      await other.all();
      await sqlOn(
        t.url,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN settings_changed%' AND pid <> pg_backend_pid()",
      );
      await sqlOn(
        t.url,
        `INSERT INTO settings (key, value) VALUES ('tokenSlippagePercent', '"6"')
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      );
      expect(await eventually(async () => (await other.all()).tokenSlippagePercent === '6')).toBe(true);
    } finally {
      await stop();
    }
  });
});
