import { sql } from 'kysely';
import type { Db } from '../../db';
import { type BatchRefusal, groupCommitPerDb } from '../../db/group-commit';

/** What roi_claim needs beside the member: the same for every claim made under the same settings. */
export type ClaimRules = {
  watchSeconds: number;
  roiOn: boolean;
  levelOn: boolean;
  capMultiplier: bigint;
  levelPercents: string[];
  levelRates: bigint[];
  levelUnlock: number[];
};
export type ClaimItem = { user: bigint; day: string; now: Date; rules: ClaimRules };
export type ClaimOutcome = { due: bigint; paid: bigint; reason: string | null } | BatchRefusal;

/**
 * A claim through the group commit: the claims arriving together go in one statement and one commit
 * (roi_claim_batch, db/functions/roi_claim_batch.sql), in arrival order, each with its own answer, so the claims under one leader
 * no longer queue on the leader's row one commit after another.
 */
export const submitClaim = groupCommitPerDb(applyBatch);

/** The batch, one statement per set of rules (almost always one: the settings rarely change mid-batch). */
async function applyBatch(db: Db, items: ClaimItem[]): Promise<ClaimOutcome[]> {
  const out: ClaimOutcome[] = items.map(() => ({
    error: { code: 'XX000', message: 'The claim returned nothing.' },
  }));
  const groups = new Map<string, number[]>();
  items.forEach((c, i) => {
    const key = JSON.stringify(c.rules, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  for (const at of groups.values()) {
    const group = at.map((i) => items[i] as ClaimItem);
    const r = (group[0] as ClaimItem).rules;
    const { rows } = await sql<{
      i: number;
      due: bigint | null;
      paid: bigint | null;
      reason: string | null;
      err_code: string | null;
      err_message: string | null;
    }>`
      /* prepare:roi_claim_batch */
      SELECT * FROM roi_claim_batch(${group.map((c) => c.user)}::bigint[], ${group.map((c) => c.day)}::text[],
        ${group.map((c) => c.now)}::timestamptz[], ${r.watchSeconds}::int, ${r.roiOn}, ${r.levelOn},
        ${r.capMultiplier}::bigint, ${r.levelPercents}::text[], ${r.levelRates}::bigint[],
        ${r.levelUnlock}::int[])`.execute(db);
    for (const row of rows) {
      out[at[row.i - 1] as number] =
        row.err_code === null
          ? { due: row.due ?? 0n, paid: row.paid ?? 0n, reason: row.reason }
          : { error: { code: row.err_code, message: row.err_message ?? '' } };
    }
  }
  return out;
}
