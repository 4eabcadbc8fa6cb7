import { sql } from 'kysely';
import type { Db } from '../../db';

/**
 * Keeps the pieces of the memos written since the last call (decision 0091: db/functions/ledger_memo_pieces_fill.sql),
 * at most 30 days of history a call; returns the instant before which every memo is pieced. Idempotent; run by the
 * `ledger-memo-pieces-minutely` job.
 */
export async function fillMemoPieces(db: Db): Promise<Date> {
  const { rows } = await sql<{ w: Date }>`SELECT ledger_memo_pieces_fill() AS w`.execute(db);
  const w = rows[0]?.w;
  if (!w) throw new Error('ledger_memo_pieces_fill returned nothing');
  return w;
}

/**
 * Whether the memo pieces can answer `search`: printable ASCII, whose lower case ILIKE and lower() agree on.
 */
export const pieceable = (search: string) => /^[\x20-\x7e]+$/.test(search);

/**
 * Of `sources`, those whose memos (not transfers': decision 0085) may hold `search` (decision 0091): a source with
 * every piece of the text (search_grams) among its memos' pieces, or one with a memo after the pieces' instant that
 * holds it (read from the memo index, keyed by source). A superset: the caller's ILIKE decides. `like` is the text's
 * ILIKE pattern.
 */
export async function sourcesMayHold(
  db: Db,
  sources: string[],
  search: string,
  like: string,
): Promise<string[]> {
  if (sources.length === 0) return [];
  // The instant as a value, so that the planner sees how few memos follow it (the source's time index), and LIMIT 1
  // so that it does not hash one read of every memo holding the text, which is every memo for a text without a trigram.
  const { rows: state } = await sql<{ at: string }>`
    SELECT pieced_until::text AS at FROM ledger_memo_pieces_state`.execute(db);
  const since = state[0]?.at ?? '-infinity';
  const { rows } = await sql<{ source: string }>`
    SELECT s.source FROM unnest(${sources}::text[]) AS s (source)
    WHERE NOT EXISTS (
        SELECT 1 FROM unnest(search_grams(${search})) AS g (piece)
        WHERE NOT EXISTS (SELECT 1 FROM ledger_memo_pieces p WHERE p.source = s.source AND p.piece = g.piece))
      OR EXISTS (
        SELECT 1 FROM ledger_transactions t
        WHERE coalesce(t.income_type, t.kind) = s.source AND t.kind <> 'transfer'
          AND t.created_at >= ${since}::timestamptz AND t.memo ILIKE ${like}
        LIMIT 1)
    ORDER BY 1`.execute(db);
  return rows.map((r) => r.source);
}
