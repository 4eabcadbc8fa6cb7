import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildMember } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { SessionStore } from './sessions';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * The session check every signed-in request makes (db/functions/session_lookup.sql, decision 0096): what a token
 * opens, alone and among others checked in the same call, and what it no longer opens.
 */
describe('a token opens its live session, and nothing once it ends', () => {
  it('answers each token of one call for itself: live, revoked, expired, suspended, deleted, role changed', async () => {
    const sessions = new SessionStore(t.deps.db, 60_000);
    const make = async (role: 'user' | 'admin' = 'user') => {
      const who = role === 'admin' ? await buildAdmin(t.deps) : await buildMember(t.deps);
      const made = await sessions.create(t.deps.db, who.id, role, {});
      const row = await sqlOn(t.url, 'SELECT max(id)::text AS id FROM sessions WHERE user_id = $1', [
        String(who.id),
      ]);
      return { who, token: made.token, sessionId: BigInt(row.rows[0].id) };
    };
    const live = await make();
    const admin = await make('admin');
    const revoked = await make();
    const expired = await make();
    const suspended = await make('admin'); // staff are suspended; members are blocked instead
    const deleted = await make();
    const demoted = await make('admin');
    const withCode = await make();
    await sessions.revoke(t.deps.db, revoked.sessionId);
    await sqlOn(t.url, "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [
      String(expired.sessionId),
    ]);
    await sqlOn(t.url, 'UPDATE users SET suspended_at = now() WHERE id = $1', [String(suspended.who.id)]);
    await sqlOn(t.url, 'UPDATE users SET deleted_at = now() WHERE id = $1', [String(deleted.who.id)]);
    await sqlOn(t.url, "UPDATE users SET role = 'user' WHERE id = $1", [String(demoted.who.id)]);
    await sqlOn(t.url, "UPDATE sessions SET second_factor = 'code' WHERE id = $1", [
      String(withCode.sessionId),
    ]);
    await sqlOn(
      t.url,
      "INSERT INTO two_factors (user_id, secret, confirmed_at) VALUES ($1, 'ABCDEFGHIJKLMNOP', now())",
      [String(withCode.who.id)],
    );

    const all = [live, admin, revoked, expired, suspended, deleted, demoted, withCode];
    // Together: one batch (the group commit sends the checks waiting at once in one call).
    const together = await Promise.all([
      ...all.map((s) => sessions.resolve(s.token)),
      sessions.resolve('unknown'),
    ]);
    // Alone: each in a call of its own.
    const alone: unknown[] = [];
    for (const s of [...all.map((x) => x.token), 'unknown']) alone.push(await sessions.resolve(s));

    for (const answers of [together, alone]) {
      expect(answers[0]).toEqual({
        userId: live.who.id,
        role: 'user',
        sessionId: live.sessionId,
        secondFactor: 'ok',
        twoFactorOn: false,
        staffRoles: [],
      });
      expect(answers[1]).toMatchObject({ userId: admin.who.id, role: 'admin', sessionId: admin.sessionId });
      expect(answers.slice(2, 7)).toEqual([null, null, null, null, null]);
      expect(answers[7]).toMatchObject({
        userId: withCode.who.id,
        role: 'user',
        secondFactor: 'code',
        twoFactorOn: true,
      });
      expect(answers[8]).toBeNull();
    }
  });
});
