import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { keyIdOf, openDocument, openWithKeys } from './documents.crypto';
import { identitySubmissions } from './identity.fixture';
import { IdentityService } from './identity.service';
import { rekeyIdentityDocuments } from './rekey';

/**
 * Rotating the identity documents' key (decision 0074) on real PostgreSQL: documents sealed under key A; the server
 * rotated to B with A as the previous key still shows them; `rekeyIdentityDocuments` (in batches, stopped half way,
 * then `npm run identity:rekey` as a process, then once more) re-seals every kept one under B; afterwards B alone
 * opens them all, A opens none, and a document deleted by retention stays deleted.
 */
const A = randomBytes(32);
const B = randomBytes(32);
const root = fileURLToPath(new URL('../../../../../', import.meta.url));
let t: TestApp;
const { staffAccount, memberAccount, submitLevel1 } = identitySubmissions(() => t);

beforeAll(async () => {
  t = await buildTestApp({ IDENTITY_DOCUMENTS_KEY: A.toString('base64') });
});
afterAll(() => t.close());

type Row = {
  id: bigint;
  submission_id: bigint;
  kind: string;
  ciphertext: Buffer | null;
  iv: Buffer;
  auth_tag: Buffer;
  key_id: string;
  sha256: Buffer;
};
const documents = async () =>
  (
    await sqlOn(
      t.url,
      'SELECT id, submission_id, kind, ciphertext, iv, auth_tag, key_id, sha256 FROM identity_documents ORDER BY id',
    )
  ).rows as Row[];
const sealedOf = (r: Row) => ({
  ciphertext: r.ciphertext as Buffer,
  iv: r.iv,
  authTag: r.auth_tag,
  keyId: r.key_id,
});
const sha = (b: Buffer) => createHash('sha256').update(b).digest();

/** The server's document route's service, as configured after the rotation: current B, previous A (or none). */
function rotatedService(previous: Buffer | null) {
  const config = {
    ...t.deps.config,
    identity: { ...t.deps.config.identity, documentsKey: B, previousDocumentsKey: previous },
  };
  return new IdentityService({ db: t.deps.db, settings: t.deps.settings, config });
}

describe('rotating the documents key', () => {
  it('re-seals every kept document under the new key in batches, safe to stop and to run again; then the old key opens nothing', async () => {
    const officer = await staffAccount(['compliance']);
    const principal = {
      userId: officer.id,
      role: 'admin' as const,
      sessionId: 0n,
      secondFactor: 'ok' as const,
    };
    for (let i = 0; i < 4; i++) {
      const sent = await submitLevel1(await memberAccount());
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const before = await documents();
    expect(before).toHaveLength(8);
    expect(new Set(before.map((r) => r.key_id))).toEqual(new Set([keyIdOf(A)]));
    // One submission's documents past retention: nothing to re-seal.
    const expired = before[0]?.submission_id;
    await sqlOn(
      t.url,
      'UPDATE identity_documents SET ciphertext = NULL, deleted_at = now() WHERE submission_id = $1',
      [expired],
    );
    const kept = before.filter((r) => r.submission_id !== expired);
    expect(kept).toHaveLength(6);

    // Rotated to B without A, the old documents do not open (a clear refusal, never garbage).
    const doc = kept[0] as Row;
    await expect(
      rotatedService(null).document(principal, BigInt(doc.submission_id), BigInt(doc.id)),
    ).rejects.toThrow(/sealed under another key/);
    // With A as the previous key they do.
    const shown = await rotatedService(A).document(principal, BigInt(doc.submission_id), BigInt(doc.id));
    expect(sha(shown.data).equals(doc.sha256)).toBe(true);

    // Stopped after one batch of 2: those two are under B, the rest still under A, and all of them open.
    const keys = { current: B, previous: A };
    const partial = await rekeyIdentityDocuments(t.deps.db, keys, { batchSize: 2, maxBatches: 1 });
    expect(partial).toEqual({ resealed: 2, unopenable: [], complete: false });
    const half = await documents();
    expect(half.filter((r) => r.key_id === keyIdOf(B)).map((r) => r.id)).toEqual(
      kept.slice(0, 2).map((r) => r.id),
    );
    for (const r of half.filter((x) => x.ciphertext !== null))
      expect(sha(openWithKeys(keys, BigInt(r.submission_id), r.kind, sealedOf(r))).equals(r.sha256)).toBe(
        true,
      );

    // The rest by the script, as an operator runs it (batches of 2), then once more: nothing left to do.
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      IDENTITY_DOCUMENTS_KEY: B.toString('base64'),
      IDENTITY_DOCUMENTS_KEY_PREVIOUS: A.toString('base64'),
    };
    const run = await promisify(execFile)(
      'npx',
      ['tsx', 'apps/api/src/scripts/identity-rekey.ts', '--url', t.url, '--batch', '2'],
      { cwd: root, env },
    );
    expect(run.stdout).toContain(`Identity documents re-sealed under key ${keyIdOf(B)}: 4`);
    expect(await rekeyIdentityDocuments(t.deps.db, keys)).toEqual({
      resealed: 0,
      unopenable: [],
      complete: true,
    });

    const after = await documents();
    for (const r of after) {
      if (r.submission_id === expired) {
        expect(r.ciphertext).toBeNull();
        continue;
      }
      expect(r.key_id).toBe(keyIdOf(B));
      const old = before.find((x) => x.id === r.id) as Row;
      expect(r.iv.equals(old.iv)).toBe(false);
      // B alone opens it, to the same file; A does not, even when told it is A's.
      const plain = openWithKeys(
        { current: B, previous: null },
        BigInt(r.submission_id),
        r.kind,
        sealedOf(r),
      );
      expect(sha(plain).equals(r.sha256)).toBe(true);
      expect(() => openDocument(A, BigInt(r.submission_id), r.kind, sealedOf(r))).toThrow();
      expect(() =>
        openDocument(A, BigInt(r.submission_id), r.kind, { ...sealedOf(r), keyId: keyIdOf(A) }),
      ).toThrow();
    }
    // The server without the previous key shows them.
    const again = await rotatedService(null).document(principal, BigInt(doc.submission_id), BigInt(doc.id));
    expect(sha(again.data).equals(doc.sha256)).toBe(true);
    // Each batch is in the audit trail, naming the new key and its documents.
    const audit = await sqlOn(
      t.url,
      "SELECT after FROM audit_log WHERE action = 'identity_documents.rekey' ORDER BY id",
    );
    expect(audit.rows.map((r) => r.after.key_id)).toEqual([keyIdOf(B), keyIdOf(B), keyIdOf(B)]);
    expect(audit.rows.flatMap((r) => r.after.documents).sort()).toEqual(kept.map((r) => String(r.id)).sort());
  });

  it('leaves a document that neither key opens as it is, and says so', async () => {
    const C = randomBytes(32);
    const rows = (await documents()).filter((r) => r.ciphertext !== null);
    // Under B now: with C current and A previous, neither opens them.
    const r = await rekeyIdentityDocuments(t.deps.db, { current: C, previous: A }, { batchSize: 4 });
    expect(r.resealed).toBe(0);
    expect(r.complete).toBe(true);
    expect(r.unopenable.map(String).sort()).toEqual(rows.map((x) => String(x.id)).sort());
    expect(
      (await documents()).filter((x) => x.ciphertext !== null).every((x) => x.key_id === keyIdOf(B)),
    ).toBe(true);
  });
});
