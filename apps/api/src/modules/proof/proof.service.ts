import * as crypto from 'node:crypto';
import { txExplorerUrl } from '@sgx/chain';
import { formatUnits } from '@sgx/money';
import {
  buildTree,
  commitmentInput,
  fromHex,
  leafInput,
  proofFromSiblings,
  readRecord,
  type SumProof,
  toHex,
} from '@sgx/money/merkle-sum';
import { type Selectable, sql } from 'kysely';
import type { Db, DbOrTx } from '../../db';
import type { FreshRead } from '../../db/read-router';
import type { DB } from '../../db/schema';
import { notFound } from '../../http/errors';
import { unlogged, type Warn } from '../../log';
import { writeAudit } from '../audit/audit.repo';
import type { ChainsService } from '../chains/chains.service';
import { emit } from '../webhooks/emit';
import { readReserves, reservesOf } from './proof.readings';
import { cutoffNow, snapshotBalances } from './proof.snapshot';
import { ASSETS, readRecords, writeTree } from './proof.store';

const { createHash, randomBytes, randomFillSync } = crypto;
/** SHA-256 of the tree: Node's one-shot `crypto.hash` (20.12+) when present, else a Hash object per call. */
const oneShot = (crypto as { hash?: (algorithm: string, data: Uint8Array, encoding: 'buffer') => Buffer })
  .hash;
export const sha256 = (data: Uint8Array): Uint8Array =>
  oneShot ? oneShot('sha256', data, 'buffer') : createHash('sha256').update(data).digest();
/** Trees whose leaves and nodes are kept to serve proofs; older ones keep their root and totals only. */
export const KEPT_TREES = 7;
export const PROOF_ALGORITHM = 'sha256-merkle-sum-v1';

/** The UTC date of an instant, YYYY-MM-DD: the day a tree is built for. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

/** A tree as the service reads it (the table's columns less the on-chain time and pruning). */
type TreeRow = Pick<
  Selectable<DB['proof_trees']>,
  | 'id'
  | 'day'
  | 'cutoff'
  | 'root'
  | 'total_usd'
  | 'total_sgx'
  | 'leaf_count'
  | 'onchain_chain_id'
  | 'onchain_tx_hash'
>;

export type TreeSummary = {
  day: string;
  cutoff: string;
  root: string;
  totals: { USD: string; SGX: string };
  leaf_count: number;
  onchain: { chain_id: number; tx_hash: string; explorer_url: string | null } | null;
};

export type BuildResult = { built: boolean; tree: TreeSummary };

export const summaryOf = (t: TreeRow): TreeSummary => ({
  day: t.day,
  cutoff: t.cutoff.toISOString(),
  root: t.root,
  totals: { USD: formatUnits(t.total_usd), SGX: formatUnits(t.total_sgx) },
  leaf_count: t.leaf_count,
  onchain:
    t.onchain_chain_id !== null && t.onchain_tx_hash !== null
      ? {
          chain_id: t.onchain_chain_id,
          tx_hash: t.onchain_tx_hash,
          explorer_url: txExplorerUrl(t.onchain_chain_id, t.onchain_tx_hash) ?? null,
        }
      : null,
});

/** A random permutation of 0..n-1 (leaf positions reveal nothing about members' ids or join order). */
function shuffled(n: number): Uint32Array {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  // A 32-bit draw per step: the modulo bias is below n / 2^32 (0.03% at a million members).
  const random = randomFillSync(new Uint32Array(n));
  for (let i = n - 1; i > 0; i--) {
    const j = (random[i] ?? 0) % (i + 1);
    const tmp = order[i] ?? 0;
    order[i] = order[j] ?? 0;
    order[j] = tmp;
  }
  return order;
}

const selectTree = (db: DbOrTx) =>
  db
    .selectFrom('proof_trees')
    .select([
      'id',
      sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
      'cutoff',
      'root',
      'total_usd',
      'total_sgx',
      'leaf_count',
      'onchain_chain_id',
      'onchain_tx_hash',
    ]);

/** Proof of liabilities (decision 0044): the daily tree, its publication and members' proofs. */
export class ProofService {
  constructor(
    private readonly db: Db,
    private readonly chains?: ChainsService,
    /** Where a failed reading of the reserves is told (the proof is published without them). */
    private readonly warn: Warn = unlogged,
    /** Where the balances' snapshot is read: a replica holding the cut-off where one is set (decision 0080). */
    private readonly fresh: FreshRead = (work) => work(db),
  ) {}

  /**
   * Builds the tree of `day` (UTC date) once: concurrent and repeated runs wait on one advisory lock, find the
   * day's tree and return it with built=false. The snapshot is read in its own REPEATABLE READ transaction.
   * Once the tree is stored, the reserves are read at its cut-off block; a chain that cannot be read is marked
   * unavailable and never keeps the tree from being published.
   */
  async buildDay(day: string, actorId: bigint | null = null): Promise<BuildResult> {
    const result = await this.buildTree(day, actorId);
    if (result.built && this.chains)
      // A chain that cannot be read is recorded as unavailable inside; anything else (the database) is logged
      // here, and an admin's "read again" fills the reserves later.
      await readReserves(this.db, this.chains, result.id).catch((err: unknown) =>
        this.warn({ err, day }, 'proof published without its reserves: reading them failed'),
      );
    return { built: result.built, tree: result.tree };
  }

  /** Reads the reserves of the tree of `day` (the latest when none) again: fills chains that were unavailable. */
  async rereadReserves(day?: string) {
    let q = selectTree(this.db);
    q = day ? q.where('day', '=', day) : q.orderBy('day', 'desc').limit(1);
    const tree = await q.executeTakeFirst();
    if (!tree) throw notFound('There is no published proof for that day.');
    if (this.chains) await readReserves(this.db, this.chains, tree.id);
    const r = await reservesOf(this.db, tree.id);
    return { day: tree.day, reserves: r.reserves, reserves_unavailable: r.unavailable };
  }

  /** One published tree by its id. */
  async treeOf(id: bigint): Promise<TreeSummary> {
    return summaryOf(await selectTree(this.db).where('id', '=', id).executeTakeFirstOrThrow());
  }

  /** The reserves of a published tree (by its day). */
  async reservesOfDay(day: string) {
    const tree = await selectTree(this.db).where('day', '=', day).executeTakeFirst();
    return tree ? reservesOf(this.db, tree.id) : { reserves: [], unavailable: [], total: 0n };
  }

  private async buildTree(day: string, actorId: bigint | null) {
    return this.db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext('proof-of-liabilities'))`.execute(tx);
      const existing = await selectTree(tx).where('day', '=', day).executeTakeFirst();
      if (existing) return { built: false, id: existing.id, tree: summaryOf(existing) };
      const cutoff = await cutoffNow(tx);
      // Every transaction stamped before the cut-off has committed by now (cutoffNow): the read must hold them.
      const balances = await this.fresh((db) => snapshotBalances(db, cutoff));
      const n = balances.length;
      const order = shuffled(n);
      const salts = randomBytes(16 * n);
      const commitments = new Uint8Array(32 * n);
      const usd = new Array<bigint>(n);
      const sgx = new Array<bigint>(n);
      balances.forEach((m, i) => {
        const index = order[i] ?? 0;
        const salt = salts.subarray(16 * i, 16 * i + 16);
        commitments.set(sha256(commitmentInput(salt, String(m.member_id))), 32 * index);
        usd[index] = m.usd;
        sgx[index] = m.sgx;
      });
      const tree = buildTree({ commitments, balances: [usd, sgx] }, ASSETS.length, sha256);
      const row = await tx
        .insertInto('proof_trees')
        .values({
          day,
          cutoff,
          root: tree.root,
          total_usd: tree.totals[0] ?? 0n,
          total_sgx: tree.totals[1] ?? 0n,
          leaf_count: tree.leafCount,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeTree(tx, row.id, tree.levels, { memberIds: balances.map((m) => m.member_id), order, salts });
      await emit(tx, 'proof.published', {
        day,
        cutoff: cutoff.toISOString(),
        root: tree.root,
        total_usd: formatUnits(tree.totals[0] ?? 0n),
        total_sgx: formatUnits(tree.totals[1] ?? 0n),
        leaf_count: tree.leafCount,
      });
      await this.prune(tx);
      if (actorId !== null)
        await writeAudit(tx, {
          actorId,
          action: 'proof.build',
          entity: 'proof_tree',
          entityId: row.id,
          before: null,
          after: { day, root: tree.root, leaf_count: tree.leafCount },
        });
      const built = await selectTree(tx).where('id', '=', row.id).executeTakeFirstOrThrow();
      return { built: true, id: row.id, tree: summaryOf(built) };
    });
  }

  /** Drops the leaves and nodes of trees older than the KEPT_TREES latest (their roots and totals stay). */
  private async prune(tx: DbOrTx): Promise<void> {
    const old = await tx
      .selectFrom('proof_trees')
      .select('id')
      .where('pruned_at', 'is', null)
      .orderBy('day', 'desc')
      .offset(KEPT_TREES)
      .limit(100)
      .execute();
    const ids = old.map((o) => o.id);
    if (ids.length === 0) return;
    await tx.deleteFrom('proof_leaves').where('tree_id', 'in', ids).execute();
    await tx.deleteFrom('proof_levels').where('tree_id', 'in', ids).execute();
    await tx.updateTable('proof_trees').set({ pruned_at: new Date() }).where('id', 'in', ids).execute();
  }

  /** The latest tree and the history (newest first, at most `limit`). */
  async published(limit = 90): Promise<{ latest: TreeSummary | null; history: TreeSummary[] }> {
    const rows = await selectTree(this.db).orderBy('day', 'desc').limit(limit).execute();
    const history = rows.map(summaryOf);
    return { latest: history[0] ?? null, history };
  }

  /** The member's inclusion proof in the latest tree that holds them. */
  async proofOf(
    memberId: bigint,
  ): Promise<{ tree: TreeSummary; balances: { USD: string; SGX: string }; proof: SumProof }> {
    const found = await selectTree(this.db)
      .innerJoin('proof_leaves as l', 'l.tree_id', 'proof_trees.id')
      .select(['l.leaf_index', 'l.salt'])
      .where('l.member_id', '=', memberId)
      .orderBy('proof_trees.day', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!found)
      throw notFound(
        'Your balance is not in a published proof yet: the next daily proof will include it. If you held money at the last cut-off, open a support ticket.',
      );
    const records = await readRecords(this.db, found.id, found.leaf_index, found.leaf_count);
    const at = (level: number, index: number) => {
      const record = records.get(`${level}:${index}`);
      if (!record) throw new Error(`proof record ${level}:${index} missing`);
      return readRecord(record, 0, ASSETS.length);
    };
    const leaf = at(0, found.leaf_index);
    const commitment = toHex(sha256(commitmentInput(found.salt, String(memberId))));
    const proof = proofFromSiblings(
      found.leaf_index,
      found.leaf_count,
      [...ASSETS],
      { commitment, balances: leaf.sums },
      at,
    );
    // The stored leaf must be this member's: its hash is H(0x00 || commitment || balances).
    if (toHex(sha256(leafInput(fromHex(commitment), leaf.sums))) !== leaf.hash)
      throw new Error(`proof leaf ${found.leaf_index} of tree ${found.id} is not member ${memberId}'s`);
    return {
      tree: summaryOf(found),
      balances: { USD: formatUnits(leaf.sums[0] ?? 0n), SGX: formatUnits(leaf.sums[1] ?? 0n) },
      proof: { ...proof, member: { id: String(memberId), salt: found.salt.toString('hex') } },
    };
  }
}
