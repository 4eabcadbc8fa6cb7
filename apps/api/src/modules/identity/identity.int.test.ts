import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@sgx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { KEY_ROUTE_REFUSAL, STAFF_ROLE_REFUSAL } from '../../http/access';
import { hashSecret } from '../api-keys/api-keys.door';
import { openDocument } from './documents.crypto';
import { identitySubmissions, JPEG, level1Fields, PNG } from './identity.fixture';
import { signatureOf } from './providers';
import { deleteExpiredIdentityDocuments } from './retention';

/**
 * Identity verification (decision 0074): submissions, the review queue, the second look at a level-2 rejection,
 * documents encrypted at rest and shown only to compliance and owners (each view audited), a provider's signed
 * decision, and the retention job.
 */
const PROVIDER_SECRET = 'acme-test-secret-0123456789-abcdefghij';
let t: TestApp;
let owner: Built & { token: string };
let officerA: Built & { token: string };
let officerB: Built & { token: string };
const others: Record<string, string> = {};

const { staffAccount, memberAccount, submitLevel1, submitLevel2 } = identitySubmissions(() => t);
const call = (token: string | null, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api/v1${url}`,
    headers: token === null ? {} : bearer(token),
    ...(payload ? { payload } : {}),
  });
const statusOf = async (who: { token: string }) => (await call(who.token, 'GET', '/identity')).json();
const documentsOf = async (submissionId: number) =>
  (await call(officerA.token, 'GET', `/admin/identity/submissions/${submissionId}`)).json().submission
    .documents as { id: number; kind: string }[];
const auditCount = async (action: string, entityId: number | string) =>
  Number(
    (
      await sqlOn(t.url, 'SELECT count(*) FROM audit_log WHERE action = $1 AND entity_id = $2', [
        action,
        String(entityId),
      ])
    ).rows[0].count,
  );

beforeAll(async () => {
  t = await buildTestApp({ IDENTITY_PROVIDER_ACME_SECRET: PROVIDER_SECRET });
  owner = await staffAccount(['owner']);
  officerA = await staffAccount(['compliance']);
  officerB = await staffAccount(['compliance']);
  for (const role of ['finance', 'support', 'content'] as const)
    others[role] = (await staffAccount([role])).token;
});
afterAll(() => t.close());

describe('level 1: submission, rejection with a reason, resubmission, approval', () => {
  it('a member submits; compliance rejects with a reason the member reads in their language; they resubmit; approval sets the level', async () => {
    const m = await memberAccount('es');
    expect((await statusOf(m)).levels[0]).toMatchObject({ level: 1, state: 'not_started', can_submit: true });
    expect((await statusOf(m)).levels[1]).toMatchObject({
      level: 2,
      state: 'not_started',
      can_submit: false,
    });

    const sent = await submitLevel1(m);
    expect(sent.statusCode, sent.body).toBe(201);
    const first = sent.json().submission_id as number;
    expect((await statusOf(m)).levels[0]).toMatchObject({ state: 'submitted', can_submit: false });
    // One open submission per level.
    const again = await submitLevel1(m);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your documents for this level are already waiting for review.');

    // The queue, oldest first, shows it.
    const queue = (await call(officerA.token, 'GET', '/admin/identity/submissions')).json();
    expect(queue.submissions.map((s: { id: number }) => s.id)).toContain(first);
    const ids = queue.submissions.map((s: { id: number }) => s.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const detail = (await call(officerA.token, 'GET', `/admin/identity/submissions/${first}`)).json()
      .submission;
    expect(detail).toMatchObject({
      legal_name: 'Asha Rao',
      date_of_birth: '1990-04-12',
      country: 'IN',
      level: 1,
    });
    expect(detail.documents.map((d: { kind: string }) => d.kind).sort()).toEqual(['id_document', 'selfie']);

    const noReason = await call(officerA.token, 'POST', `/admin/identity/submissions/${first}/reject`, {
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    const rejected = await call(officerA.token, 'POST', `/admin/identity/submissions/${first}/reject`, {
      reason: 'The document photo is blurred.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().state).toBe('rejected');
    expect(await auditCount('identity.reject', first)).toBe(1);
    // Decided once.
    expect(
      (await call(officerB.token, 'POST', `/admin/identity/submissions/${first}/approve`)).statusCode,
    ).toBe(409);
    expect((await statusOf(m)).levels[0]).toMatchObject({
      state: 'rejected',
      reason: 'The document photo is blurred.',
      can_submit: true,
    });
    const notice = await sqlOn(
      t.url,
      "SELECT title, message, link FROM member_events WHERE user_id = $1 AND kind = 'identity_rejected'",
      [m.id],
    );
    expect(notice.rows[0]).toMatchObject({
      title: 'Nivel de identidad 1 no aprobado',
      link: '/user/identity',
    });
    expect(notice.rows[0].message).toContain('The document photo is blurred.');

    const resent = await submitLevel1(m);
    expect(resent.statusCode, resent.body).toBe(201);
    const second = resent.json().submission_id as number;
    const approved = await call(officerB.token, 'POST', `/admin/identity/submissions/${second}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const user = await sqlOn(t.url, 'SELECT identity_level, country FROM users WHERE id = $1', [m.id]);
    expect(user.rows[0]).toEqual({ identity_level: 1, country: 'IN' });
    expect(await auditCount('identity.approve', second)).toBe(1);
    const status = await statusOf(m);
    expect(status.identity_level).toBe(1);
    expect(status.levels[0]).toMatchObject({ state: 'approved', can_submit: false, reason: null });
    expect(status.levels[1]).toMatchObject({ state: 'not_started', can_submit: true });
    expect((await submitLevel1(m)).statusCode).toBe(409);
  });

  it('refuses a minor, an unserved country, a missing selfie and a file that is not an image', async () => {
    const m = await memberAccount();
    const minor = await submitLevel1(m, {
      ...level1Fields,
      date_of_birth: `${new Date().getUTCFullYear() - 17}-01-01`,
    });
    expect(minor.statusCode).toBe(400);
    expect(minor.json().message).toBe('You must be at least 18 years old.');
    await t.deps.settings.change(owner.id, { unservedCountries: ['KP'] }, 'test: an unserved country');
    const unserved = await submitLevel1(m, { ...level1Fields, country: 'KP' });
    expect(unserved.statusCode).toBe(400);
    expect(unserved.json().message).toBe('We do not serve members who live in KP.');
    const noSelfie = await submitLevel1(m, level1Fields, { document: JPEG });
    expect(noSelfie.statusCode).toBe(400);
    expect(noSelfie.json().details.selfie).toBeDefined();
    const text = await submitLevel1(m, level1Fields, { document: Buffer.from('hello'), selfie: PNG });
    expect(text.statusCode).toBe(400);
    expect(text.json().details.document).toBeDefined();
    const tooLarge = await submitLevel1(m, level1Fields, {
      document: Buffer.concat([JPEG, Buffer.alloc(8 * 1024 * 1024)]),
      selfie: PNG,
    });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().message).toBe('A document file is at most 8 MB.');
    expect((await statusOf(m)).levels[0].state).toBe('not_started');
    // Level 2 waits for level 1.
    expect((await submitLevel2(m)).statusCode).toBe(409);
    // A phone photo of a few megabytes is fine.
    const large = await submitLevel1(m, level1Fields, {
      document: Buffer.concat([JPEG, randomBytes(5 * 1024 * 1024)]),
      selfie: PNG,
    });
    expect(large.statusCode, large.body).toBe(201);
  });
});

describe('level 2: the second look at a rejection', () => {
  it('a rejection waits for another officer: the same officer is refused; another confirms, or overturns it', async () => {
    const m = await memberAccount();
    const l1 = (await submitLevel1(m)).json().submission_id;
    expect((await call(officerA.token, 'POST', `/admin/identity/submissions/${l1}/approve`)).statusCode).toBe(
      200,
    );

    const sent = await submitLevel2(m);
    expect(sent.statusCode, sent.body).toBe(201);
    const first = sent.json().submission_id;
    expect((await documentsOf(first)).map((d) => d.kind)).toEqual(['address_proof']);
    const proposed = await call(officerA.token, 'POST', `/admin/identity/submissions/${first}/reject`, {
      reason: 'The bill is older than three months.',
    });
    expect(proposed.json().state).toBe('rejection_pending');
    // The member still sees it under review; it is still one open submission.
    expect((await statusOf(m)).levels[1]).toMatchObject({ state: 'submitted', can_submit: false });
    expect((await submitLevel2(m)).statusCode).toBe(409);
    // Neither approved nor rejected again before its second look.
    expect(
      (await call(officerB.token, 'POST', `/admin/identity/submissions/${first}/approve`)).statusCode,
    ).toBe(409);
    const same = await call(officerA.token, 'POST', `/admin/identity/submissions/${first}/second-look`, {
      decision: 'confirm',
    });
    expect(same.statusCode).toBe(403);
    expect(same.json().message).toBe(
      'The second look is for another compliance officer: you proposed this rejection.',
    );
    const confirmed = await call(officerB.token, 'POST', `/admin/identity/submissions/${first}/second-look`, {
      decision: 'confirm',
    });
    expect(confirmed.json().state).toBe('rejected');
    expect(await auditCount('identity.second_look.confirm', first)).toBe(1);
    expect((await statusOf(m)).levels[1]).toMatchObject({
      state: 'rejected',
      reason: 'The bill is older than three months.',
      can_submit: true,
    });

    const resent = (await submitLevel2(m)).json().submission_id;
    await call(officerB.token, 'POST', `/admin/identity/submissions/${resent}/reject`, {
      reason: 'Unreadable.',
    });
    const overturned = await call(owner.token, 'POST', `/admin/identity/submissions/${resent}/second-look`, {
      decision: 'overturn',
    });
    expect(overturned.json().state).toBe('approved');
    const user = await sqlOn(t.url, 'SELECT identity_level FROM users WHERE id = $1', [m.id]);
    expect(user.rows[0].identity_level).toBe(2);
    expect((await statusOf(m)).levels[1]).toMatchObject({ state: 'approved', reason: null });
  });
});

describe('documents: encrypted at rest, shown only to compliance and owners, every view audited', () => {
  it('the stored bytes are not the file and open only under the configured key', async () => {
    const m = await memberAccount();
    const id = (await submitLevel1(m)).json().submission_id;
    const rows = await sqlOn(
      t.url,
      'SELECT kind, ciphertext, iv, auth_tag, key_id, size FROM identity_documents WHERE submission_id = $1',
      [id],
    );
    const selfie = rows.rows.find((r) => r.kind === 'selfie');
    expect(selfie.size).toBe(PNG.length);
    expect(Buffer.compare(selfie.ciphertext, PNG)).not.toBe(0);
    expect(selfie.ciphertext.includes(PNG.subarray(0, 8))).toBe(false);
    const sealed = {
      ciphertext: selfie.ciphertext,
      iv: selfie.iv,
      authTag: selfie.auth_tag,
      keyId: selfie.key_id,
    };
    expect(openDocument(t.deps.config.identity.documentsKey, BigInt(id), 'selfie', sealed).equals(PNG)).toBe(
      true,
    );
    const otherKey = randomBytes(32);
    expect(() => openDocument(otherKey, BigInt(id), 'selfie', sealed)).toThrow();
    // Even claiming the right key id, another key fails GCM's authentication.
    expect(() => openDocument(otherKey, BigInt(id), 'selfie', { ...sealed, keyId: selfie.key_id })).toThrow();
    // Nothing of it is in the public uploads table.
    const uploads = await sqlOn(t.url, 'SELECT count(*) FROM uploads WHERE bytes = $1', [PNG]);
    expect(Number(uploads.rows[0].count)).toBe(0);
  });

  it('compliance and owners read a document (no-store, audited per view); every other role, the member, an API key and no token are refused', async () => {
    const m = await memberAccount();
    const id = (await submitLevel1(m)).json().submission_id;
    const selfie = (await documentsOf(id)).find((d) => d.kind === 'selfie');
    if (!selfie) throw new Error('no selfie');
    const url = `/admin/identity/submissions/${id}/documents/${selfie.id}`;

    for (const who of [officerA, owner]) {
      const r = await call(who.token, 'GET', url);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['content-type']).toBe('image/png');
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.rawPayload.equals(PNG)).toBe(true);
    }
    expect(await auditCount('identity_document.view', selfie.id)).toBe(2);
    const viewers = await sqlOn(
      t.url,
      "SELECT actor_id FROM audit_log WHERE action = 'identity_document.view' AND entity_id = $1 ORDER BY id",
      [String(selfie.id)],
    );
    expect(viewers.rows.map((r) => String(r.actor_id))).toEqual([String(officerA.id), String(owner.id)]);

    for (const [role, token] of Object.entries(others)) {
      for (const path of [url, '/admin/identity/submissions', `/admin/identity/submissions/${id}`]) {
        const r = await call(token, 'GET', path);
        expect(r.statusCode, `${role} ${path}`).toBe(403);
        expect(r.json().message).toBe(STAFF_ROLE_REFUSAL);
      }
      expect((await call(token, 'POST', `/admin/identity/submissions/${id}/approve`)).statusCode).toBe(403);
    }
    expect((await call(m.token, 'GET', url)).statusCode).toBe(403);
    expect((await call(m.token, 'GET', '/admin/identity/submissions')).statusCode).toBe(403);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);

    // An owner's API key with every compliance scope: the queue reads, the document does not.
    const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    await sqlOn(
      t.url,
      `INSERT INTO api_keys (user_id, kind, name, prefix, secret_hash, scopes, networks, rate_limit)
       VALUES ($1, 'staff', 'test', $2, $3, $4, '{}'::inet[], 6000)`,
      [owner.id, secret.slice(0, 12), hashSecret(secret), ['compliance:read', 'compliance:write']],
    );
    expect((await call(secret, 'GET', '/admin/identity/submissions')).statusCode).toBe(200);
    const byKey = await call(secret, 'GET', url);
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().message).toBe(KEY_ROUTE_REFUSAL);
    // The refused calls read nothing: still two views.
    expect(await auditCount('identity_document.view', selfie.id)).toBe(2);
  });
});

describe("a provider's signed decision", () => {
  const send = (
    name: string,
    body: object | string,
    signature?: string,
    at = Math.floor(Date.now() / 1000),
  ) => {
    const raw = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/identity/providers/${name}/webhook`,
      headers: {
        'content-type': 'application/json',
        'x-sgx-signature': signature ?? `t=${at},v1=${signatureOf(PROVIDER_SECRET, at, raw)}`,
      },
      payload: raw,
    });
  };

  it('sets the level through the same decision, once per event; a wrong or old signature is refused', async () => {
    const m = await memberAccount();
    const event = { event_id: `evt-${m.id}`, member: String(m.id), level: 1, decision: 'approved' };
    const wrong = await send('acme', event, `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('The signature of this identity decision is not valid.');
    const tampered = await send(
      'acme',
      JSON.stringify({ ...event, level: 2 }),
      `t=${Math.floor(Date.now() / 1000)},v1=${signatureOf(PROVIDER_SECRET, Math.floor(Date.now() / 1000), Buffer.from(JSON.stringify(event)))}`,
    );
    expect(tampered.statusCode).toBe(401);
    const old = await send('acme', event, undefined, Math.floor(Date.now() / 1000) - 3600);
    expect(old.statusCode).toBe(401);
    expect((await send('review', event)).statusCode).toBe(404);
    expect((await send('other', event)).statusCode).toBe(404);
    expect(
      (await sqlOn(t.url, 'SELECT identity_level FROM users WHERE id = $1', [m.id])).rows[0].identity_level,
    ).toBe(0);

    const applied = await send('acme', event);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ state: 'approved', duplicate: false });
    expect(
      (await sqlOn(t.url, 'SELECT identity_level FROM users WHERE id = $1', [m.id])).rows[0].identity_level,
    ).toBe(1);
    const replay = await send('acme', event);
    expect(replay.json()).toMatchObject({ state: 'approved', duplicate: true });
    const subs = await sqlOn(t.url, 'SELECT provider, state FROM identity_submissions WHERE member_id = $1', [
      m.id,
    ]);
    expect(subs.rows).toEqual([{ provider: 'acme', state: 'approved' }]);
    expect((await statusOf(m)).levels[0].state).toBe('approved');

    // A level-2 rejection by the provider waits for a compliance officer's second look, like the queue's.
    const rejected = await send('acme', {
      event_id: `evt2-${m.id}`,
      member: Number(m.id),
      level: 2,
      decision: 'rejected',
      reason: 'Address does not match.',
    });
    expect(rejected.json().state).toBe('rejection_pending');
    // A provider's decision on a member's queued submission decides that one.
    const m2 = await memberAccount();
    const queued = (await submitLevel1(m2)).json().submission_id;
    const decided = await send('acme', {
      event_id: `evt3-${m2.id}`,
      member: String(m2.id),
      level: 1,
      decision: 'rejected',
      reason: 'Selfie does not match.',
    });
    expect(decided.json().state).toBe('rejected');
    const row = await sqlOn(t.url, 'SELECT state, reason, provider FROM identity_submissions WHERE id = $1', [
      queued,
    ]);
    expect(row.rows[0]).toEqual({ state: 'rejected', reason: 'Selfie does not match.', provider: 'acme' });
  });
});

describe('retention', () => {
  it("deletes decided submissions' files after the retention period, keeps the decision, and runs twice harmlessly", async () => {
    const m = await memberAccount();
    const decided = (await submitLevel1(m)).json().submission_id;
    await call(officerA.token, 'POST', `/admin/identity/submissions/${decided}/reject`, {
      reason: 'Expired ID.',
    });
    const m2 = await memberAccount();
    const open = (await submitLevel1(m2)).json().submission_id;
    const days = (await t.deps.settings.all()).identityDocumentRetentionDays;

    const early = await deleteExpiredIdentityDocuments(t.deps.db, t.deps.settings, new Date());
    expect(early.documents).toBe(0);
    const later = new Date(Date.now() + (days + 1) * 86_400_000);
    const first = await deleteExpiredIdentityDocuments(t.deps.db, t.deps.settings, later);
    expect(first.submissions).toBeGreaterThanOrEqual(1);
    expect(first.documents).toBeGreaterThanOrEqual(2);
    const second = await deleteExpiredIdentityDocuments(t.deps.db, t.deps.settings, later);
    expect(second).toEqual({ submissions: 0, documents: 0 });

    const docs = await sqlOn(
      t.url,
      'SELECT submission_id, ciphertext IS NULL AS gone, deleted_at IS NOT NULL AS deleted, sha256 IS NOT NULL AS kept FROM identity_documents WHERE submission_id = ANY($1::bigint[])',
      [[decided, open]],
    );
    for (const d of docs.rows) {
      const expected = Number(d.submission_id) === decided;
      expect(d).toMatchObject({ gone: expected, deleted: expected, kept: true });
    }
    const sub = await sqlOn(
      t.url,
      'SELECT state, reason, documents_deleted_at IS NOT NULL AS deleted FROM identity_submissions WHERE id = $1',
      [decided],
    );
    expect(sub.rows[0]).toEqual({ state: 'rejected', reason: 'Expired ID.', deleted: true });
    const docId = (await documentsOf(decided))[0]?.id;
    const gone = await call(
      officerA.token,
      'GET',
      `/admin/identity/submissions/${decided}/documents/${docId}`,
    );
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This document was deleted after its retention period.');
  });
});
