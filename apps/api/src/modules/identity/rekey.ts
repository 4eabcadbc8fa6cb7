import { createHash } from 'node:crypto';
import type { Db } from '../../db';
import { writeAudit } from '../audit/audit.repo';
import { type DocumentKeys, keyIdOf, openWithKeys, sealDocument } from './documents.crypto';

export type RekeyResult = {
  /** Documents re-sealed under the current key by this run. */
  resealed: number;
  /** Documents that neither key opens (or whose file no longer matches its SHA-256): left as they are. */
  unopenable: bigint[];
  /** Whether every kept document was visited (false when stopped after `maxBatches`). */
  complete: boolean;
};

/**
 * Rotating the identity documents' key (decision 0074): re-seals every kept document that is not under the current
 * key, opened with the key that sealed it (the current or IDENTITY_DOCUMENTS_KEY_PREVIOUS, by its key id). One
 * transaction per batch (rows locked, each UPDATE only if the row's key id is still the old one, one audit entry per
 * batch), so a run stopped at any point keeps what it committed and a second run finds only what is left: it is safe
 * to interrupt and to run again. Documents deleted by retention (no ciphertext) are skipped.
 */
export async function rekeyIdentityDocuments(
  db: Db,
  keys: DocumentKeys,
  opts: { batchSize?: number; maxBatches?: number; onBatch?: (resealed: number) => void } = {},
): Promise<RekeyResult> {
  const batchSize = opts.batchSize ?? 100;
  const currentId = keyIdOf(keys.current);
  const unopenable: bigint[] = [];
  let resealed = 0;
  let after = 0n;
  for (let batch = 0; opts.maxBatches === undefined || batch < opts.maxBatches; batch++) {
    const done = await db.transaction().execute(async (tx) => {
      const rows = await tx
        .selectFrom('identity_documents')
        .select(['id', 'submission_id', 'kind', 'ciphertext', 'iv', 'auth_tag', 'key_id', 'sha256'])
        .where('ciphertext', 'is not', null)
        .where('key_id', '<>', currentId)
        .where('id', '>', after)
        .orderBy('id')
        .limit(batchSize)
        .forUpdate()
        .execute();
      const ids: bigint[] = [];
      const failed: bigint[] = [];
      for (const r of rows) {
        if (r.ciphertext === null) continue;
        let plain: Buffer;
        try {
          plain = openWithKeys(keys, r.submission_id, r.kind, {
            ciphertext: r.ciphertext,
            iv: r.iv,
            authTag: r.auth_tag,
            keyId: r.key_id,
          });
        } catch {
          failed.push(r.id);
          continue;
        }
        if (!createHash('sha256').update(plain).digest().equals(r.sha256)) {
          failed.push(r.id);
          continue;
        }
        const sealed = sealDocument(keys.current, r.submission_id, r.kind, plain);
        await tx
          .updateTable('identity_documents')
          .set({
            ciphertext: sealed.ciphertext,
            iv: sealed.iv,
            auth_tag: sealed.authTag,
            key_id: sealed.keyId,
          })
          .where('id', '=', r.id)
          .where('key_id', '=', r.key_id)
          .execute();
        ids.push(r.id);
      }
      if (ids.length > 0)
        await writeAudit(tx, {
          actorId: null,
          action: 'identity_documents.rekey',
          entity: 'identity_document',
          entityId: null,
          after: { key_id: currentId, documents: ids },
        });
      return { last: rows.at(-1)?.id, ids, failed };
    });
    if (done.last === undefined) return { resealed, unopenable, complete: true };
    after = done.last;
    resealed += done.ids.length;
    unopenable.push(...done.failed);
    opts.onBatch?.(resealed);
  }
  return { resealed, unopenable, complete: false };
}
