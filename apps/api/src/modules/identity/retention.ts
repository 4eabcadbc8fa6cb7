import { sql } from 'kysely';
import type { Db } from '../../db';
import type { SettingsService } from '../settings/settings.service';

/**
 * The retention of identity documents (decision 0074): `identityDocumentRetentionDays` after its decision, a
 * submission's files are deleted (the ciphertext set to NULL, deleted_at set) and the submission, its decision and
 * the documents' metadata kept. Idempotent: a second run finds nothing left to delete. Returns what it deleted.
 */
export async function deleteExpiredIdentityDocuments(
  db: Db,
  settings: SettingsService,
  now: Date,
): Promise<{ submissions: number; documents: number }> {
  const days = (await settings.all()).identityDocumentRetentionDays;
  const { rows } = await sql<{ submissions: number; documents: number }>`
    WITH due AS (
      SELECT id FROM identity_submissions
      WHERE decided_at IS NOT NULL AND documents_deleted_at IS NULL
        AND decided_at <= ${now}::timestamptz - make_interval(days => ${days})
      FOR UPDATE
    ), docs AS (
      UPDATE identity_documents SET ciphertext = NULL, deleted_at = ${now}
      WHERE submission_id IN (SELECT id FROM due) AND deleted_at IS NULL
      RETURNING 1
    ), subs AS (
      UPDATE identity_submissions SET documents_deleted_at = ${now}
      WHERE id IN (SELECT id FROM due)
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM subs)::int AS submissions, (SELECT count(*) FROM docs)::int AS documents`.execute(
    db,
  );
  return rows[0] ?? { submissions: 0, documents: 0 };
}
