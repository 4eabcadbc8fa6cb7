import { recordSize, siblingPositions } from '@sgx/money/merkle-sum';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db';

/** Two assets in every tree, in this order: a record is hash || USD sum || SGX sum (64 bytes). */
export const ASSETS = ['USD', 'SGX'] as const;
export const RECORD = recordSize(ASSETS.length);
/** Nodes per stored chunk of a level (1 MiB of records). */
export const CHUNK_NODES = 16_384;
const LEAF_BATCH = 20_000;

/** Writes a tree's levels in chunks and its leaves (member, position, salt) in batches. */
export async function writeTree(
  tx: DbOrTx,
  treeId: bigint,
  levels: Uint8Array[],
  leaves: { memberIds: bigint[]; order: Uint32Array; salts: Buffer },
): Promise<void> {
  const chunkBytes = CHUNK_NODES * RECORD;
  for (const [level, bytes] of levels.entries()) {
    const rows = [];
    for (let chunk = 0; chunk * chunkBytes < bytes.length || chunk === 0; chunk++) {
      const part = bytes.subarray(chunk * chunkBytes, (chunk + 1) * chunkBytes);
      rows.push({
        tree_id: treeId,
        level,
        chunk,
        nodes: Buffer.from(part.buffer, part.byteOffset, part.length),
      });
      if (rows.length === 16) await tx.insertInto('proof_levels').values(rows.splice(0)).execute();
    }
    if (rows.length > 0) await tx.insertInto('proof_levels').values(rows).execute();
  }
  const { memberIds, order, salts } = leaves;
  for (let i = 0; i < memberIds.length; i += LEAF_BATCH) {
    const end = Math.min(i + LEAF_BATCH, memberIds.length);
    await sql`
      INSERT INTO proof_leaves (tree_id, member_id, leaf_index, salt)
      SELECT ${treeId}, m, i, substring(${salts.subarray(16 * i, 16 * end)}::bytea FROM 16 * o + 1 FOR 16)
      FROM unnest(${memberIds.slice(i, end).map(String)}::bigint[], ${Array.from(order.subarray(i, end))}::int[])
        WITH ORDINALITY AS x (m, i, n), LATERAL (SELECT (n - 1)::int AS o) AS y`.execute(tx);
  }
}

/**
 * The 64-byte records a proof of leaf `index` needs, read in one statement: the leaf's own (level 0) and one
 * sibling per level. Keyed "level:index"; padding siblings (index -1) are not read.
 */
export async function readRecords(
  db: DbOrTx,
  treeId: bigint,
  index: number,
  leafCount: number,
): Promise<Map<string, Uint8Array>> {
  const wanted: [number, number][] = [
    [0, index],
    ...siblingPositions(index, leafCount).filter(([, i]) => i >= 0),
  ];
  const { rows } = await sql<{ level: number; idx: number; record: Buffer }>`
    SELECT w.level, w.idx, substring(p.nodes FROM (w.idx % ${CHUNK_NODES}) * ${RECORD} + 1 FOR ${RECORD}) AS record
    FROM unnest(${wanted.map((w) => w[0])}::int[], ${wanted.map((w) => w[1])}::int[]) AS w (level, idx)
    JOIN proof_levels p ON p.tree_id = ${treeId} AND p.level = w.level AND p.chunk = w.idx / ${CHUNK_NODES}`.execute(
    db,
  );
  const out = new Map<string, Uint8Array>();
  for (const r of rows) {
    if (r.record.length !== RECORD) throw new Error(`proof record ${r.level}:${r.idx} is cut short`);
    out.set(`${r.level}:${r.idx}`, r.record);
  }
  if (out.size !== wanted.length) throw new Error(`proof records missing for tree ${treeId}`);
  return out;
}
