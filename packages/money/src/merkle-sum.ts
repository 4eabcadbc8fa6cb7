/**
 * Merkle-sum tree of member liabilities (proof of liabilities, decision 0044).
 *
 * A node record is `hash (32 bytes) || sum of asset 0 || sum of asset 1 || ...`, every sum a 16-byte big-endian
 * unsigned integer of 10^-8 units. Hash inputs carry a domain byte so a leaf can never pass for a node:
 *   commitment = H(0x02 || salt || utf8(member id))          (the id never appears in clear)
 *   leaf       = H(0x00 || commitment || balances)            sums = balances
 *   node       = H(0x01 || left record || right record)       sums = left sums + right sums, per asset
 * A level with an odd number of nodes is padded on the right with the EMPTY record (32 zero bytes, zero sums).
 * A tree of one leaf has that leaf as its root; a tree of none has the EMPTY record as its root.
 * Every sum is in [0, 2^127): a negative amount or a sum that reaches 2^127 is refused.
 *
 * Pure TypeScript: the hash function is passed in (node:crypto's SHA-256 on the server, WebCrypto in browsers),
 * so the same code builds on the server and verifies in the member's browser.
 */

export const HASH_BYTES = 32;
export const SUM_BYTES = 16;
/** Sums and balances stay below 2^127. */
export const MAX_SUM = 2n ** 127n - 1n;
export const PROOF_VERSION = 1;
const LEAF = 0x00;
const NODE = 0x01;
const MEMBER = 0x02;
const M64 = 0xffff_ffff_ffff_ffffn;

export type HashFn = (data: Uint8Array) => Uint8Array;
export type AsyncHashFn = (data: Uint8Array) => Uint8Array | Promise<Uint8Array>;

export type SumLeaf = { commitment: Uint8Array; balances: readonly bigint[] };

export type SumTree = {
  assets: number;
  leafCount: number;
  /** levels[0] holds the leaves' records, the last level the root's. */
  levels: Uint8Array[];
  root: string;
  totals: bigint[];
};

/** An inclusion proof as a member downloads it (amounts as decimal text of 8 places, hashes as hex). */
export type SumProof = {
  version: number;
  assets: string[];
  leaf_index: number;
  leaf_count: number;
  leaf: { commitment: string; balances: string[] };
  /** Siblings from the leaf's level up to the root's children. */
  path: { hash: string; sums: string[] }[];
  /** When present the verifier also checks commitment = H(0x02 || salt || member id). */
  member?: { id: string; salt: string };
};

export type VerifyReason = 'malformed' | 'commitment' | 'negative' | 'overflow' | 'path' | 'root' | 'totals';
export type VerifyResult = { ok: true } | { ok: false; reason: VerifyReason; detail: string };

export class MerkleSumError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MerkleSumError';
  }
}

/** Bytes of one node record for `assets` assets. */
export const recordSize = (assets: number): number => HASH_BYTES + SUM_BYTES * assets;

/** Number of levels above the leaves for `leafCount` leaves. */
export function depthOf(leafCount: number): number {
  let depth = 0;
  for (let c = leafCount; c > 1; c = Math.ceil(c / 2)) depth++;
  return depth;
}

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/.test(hex)) throw new MerkleSumError('Not lower-case hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Units as decimal text with 8 places ("12.50000000"), for sums up to 2^127. */
export function unitsToDecimal(units: bigint): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(9, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -8)}.${digits.slice(-8)}`;
}

/** Decimal text of exactly 8 places to units; throws on any other form. */
export function decimalToUnits(text: string): bigint {
  const m = /^(-?)(\d{1,40})\.(\d{8})$/.exec(text);
  if (!m) throw new MerkleSumError(`Not an amount of 8 decimal places: ${JSON.stringify(text)}`);
  const units = BigInt(`${m[2]}${m[3]}`);
  return m[1] === '-' ? -units : units;
}

function checkAmount(value: bigint, what: string): void {
  if (value < 0n) throw new MerkleSumError(`${what} is negative`);
  if (value > MAX_SUM) throw new MerkleSumError(`${what} overflows 2^127`);
}

function writeU128(view: DataView, offset: number, value: bigint): void {
  view.setBigUint64(offset, value >> 64n);
  view.setBigUint64(offset + 8, value & M64);
}

function readU128(view: DataView, offset: number): bigint {
  return (view.getBigUint64(offset) << 64n) | view.getBigUint64(offset + 8);
}

const utf8 = /* @__PURE__ */ new TextEncoder();

/** The commitment input H(0x02 || salt || utf8(member id)) hashes. */
export function commitmentInput(salt: Uint8Array, memberId: string): Uint8Array {
  const id = utf8.encode(memberId);
  const input = new Uint8Array(1 + salt.length + id.length);
  input[0] = MEMBER;
  input.set(salt, 1);
  input.set(id, 1 + salt.length);
  return input;
}

/** The leaf hash's input 0x00 || commitment || balances. */
export function leafInput(commitment: Uint8Array, balances: readonly bigint[]): Uint8Array {
  if (commitment.length !== HASH_BYTES) throw new MerkleSumError('A commitment is 32 bytes');
  const input = new Uint8Array(1 + HASH_BYTES + SUM_BYTES * balances.length);
  const view = new DataView(input.buffer);
  input[0] = LEAF;
  input.set(commitment, 1);
  balances.forEach((b, i) => {
    checkAmount(b, 'A balance');
    writeU128(view, 1 + HASH_BYTES + i * SUM_BYTES, b);
  });
  return input;
}

/**
 * Leaves in columns, for large trees (no object per leaf): `commitments` holds 32 bytes per leaf, `balances[a][i]`
 * the balance of asset `a` of leaf `i`.
 */
export type LeafColumns = { commitments: Uint8Array; balances: readonly (readonly bigint[])[] };

/** Builds the tree. Throws on a negative balance, a sum of 2^127 or more, or leaves of different asset counts. */
export function buildTree(leaves: readonly SumLeaf[] | LeafColumns, assets: number, hash: HashFn): SumTree {
  const size = recordSize(assets);
  const columns = 'commitments' in leaves ? leaves : null;
  const count = columns ? columns.commitments.length / HASH_BYTES : (leaves as readonly SumLeaf[]).length;
  if (!Number.isInteger(count)) throw new MerkleSumError('Commitments are 32 bytes each');
  if (columns && columns.balances.length !== assets)
    throw new MerkleSumError(`${assets} balance columns expected`);
  let level = new Uint8Array(count * size);
  const leafIn = new Uint8Array(1 + size);
  const leafView = new DataView(leafIn.buffer);
  leafIn[0] = LEAF;
  for (let i = 0; i < count; i++) {
    const leaf = columns ? null : (leaves as readonly SumLeaf[])[i];
    const commitment = columns
      ? columns.commitments.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES)
      : leaf?.commitment;
    if (!commitment || commitment.length !== HASH_BYTES)
      throw new MerkleSumError(`Leaf ${i}: a commitment is 32 bytes`);
    if (leaf && leaf.balances.length !== assets)
      throw new MerkleSumError(`Leaf ${i} does not have ${assets} balances`);
    leafIn.set(commitment, 1);
    for (let a = 0; a < assets; a++) {
      const b = columns ? columns.balances[a]?.[i] : leaf?.balances[a];
      if (b === undefined) throw new MerkleSumError(`Leaf ${i} has no balance ${a}`);
      checkAmount(b, 'A balance');
      writeU128(leafView, 1 + HASH_BYTES + a * SUM_BYTES, b);
    }
    level.set(hash(leafIn), i * size);
    level.set(leafIn.subarray(1 + HASH_BYTES), i * size + HASH_BYTES);
  }
  const levels = [level];
  const input = new Uint8Array(1 + 2 * size);
  input[0] = NODE;
  const empty = new Uint8Array(size);
  while (level.length > size) {
    const nodes = level.length / size;
    const parents = Math.ceil(nodes / 2);
    const next = new Uint8Array(parents * size);
    const view = new DataView(level.buffer, level.byteOffset, level.byteLength);
    const out = new DataView(next.buffer);
    for (let p = 0; p < parents; p++) {
      const l = 2 * p * size;
      const hasRight = 2 * p + 1 < nodes;
      if (hasRight) input.set(level.subarray(l, l + 2 * size), 1);
      else {
        input.set(level.subarray(l, l + size), 1);
        input.set(empty, 1 + size);
      }
      next.set(hash(input), p * size);
      for (let a = 0; a < assets; a++) {
        const at = HASH_BYTES + a * SUM_BYTES;
        const sum = readU128(view, l + at) + (hasRight ? readU128(view, l + size + at) : 0n);
        checkAmount(sum, 'A sum');
        writeU128(out, p * size + at, sum);
      }
    }
    levels.push(next);
    level = next;
  }
  const top = level.length === 0 ? empty : level;
  const root = readRecord(top, 0, assets);
  return { assets, leafCount: count, levels, root: root.hash, totals: root.sums };
}

/** The record at `index` of a level's bytes: its hash (hex) and sums. */
export function readRecord(
  level: Uint8Array,
  index: number,
  assets: number,
): { hash: string; sums: bigint[] } {
  const size = recordSize(assets);
  const at = index * size;
  if (at + size > level.length) throw new MerkleSumError(`No node ${index} in this level`);
  const view = new DataView(level.buffer, level.byteOffset + at, size);
  const sums: bigint[] = [];
  for (let a = 0; a < assets; a++) sums.push(readU128(view, HASH_BYTES + a * SUM_BYTES));
  return { hash: toHex(level.subarray(at, at + HASH_BYTES)), sums };
}

/** The positions of the siblings a proof of leaf `index` needs: [level, index] bottom-up (index -1: padding). */
export function siblingPositions(index: number, leafCount: number): [number, number][] {
  if (!Number.isInteger(index) || index < 0 || index >= leafCount) throw new MerkleSumError('No such leaf');
  const out: [number, number][] = [];
  let count = leafCount;
  for (let l = 0, i = index; count > 1; l++, i >>= 1, count = Math.ceil(count / 2)) {
    const sibling = i ^ 1;
    out.push([l, sibling < count ? sibling : -1]);
  }
  return out;
}

export const EMPTY_HASH = '0'.repeat(HASH_BYTES * 2);

/** The inclusion proof of leaf `index`, from sibling records read by `siblingAt` (the tree's levels or a store). */
export function proofFromSiblings(
  index: number,
  leafCount: number,
  assetNames: string[],
  leaf: { commitment: string; balances: bigint[] },
  siblingAt: (level: number, index: number) => { hash: string; sums: bigint[] },
): SumProof {
  const path = siblingPositions(index, leafCount).map(([l, i]) =>
    i < 0
      ? { hash: EMPTY_HASH, sums: assetNames.map(() => unitsToDecimal(0n)) }
      : toJsonNode(siblingAt(l, i)),
  );
  return {
    version: PROOF_VERSION,
    assets: assetNames,
    leaf_index: index,
    leaf_count: leafCount,
    leaf: { commitment: leaf.commitment, balances: leaf.balances.map(unitsToDecimal) },
    path,
  };
}

const toJsonNode = (n: { hash: string; sums: bigint[] }) => ({
  hash: n.hash,
  sums: n.sums.map(unitsToDecimal),
});

/** The inclusion proof of leaf `index` of a tree built here (`commitment` is the leaf's, hex). */
export function proofFor(tree: SumTree, index: number, assetNames: string[], commitment: string): SumProof {
  const leafRecord = readRecord(tree.levels[0] ?? new Uint8Array(), index, tree.assets);
  return proofFromSiblings(
    index,
    tree.leafCount,
    assetNames,
    { commitment, balances: leafRecord.sums },
    (l, i) => readRecord(tree.levels[l] ?? new Uint8Array(), i, tree.assets),
  );
}

const fail = (reason: VerifyReason, detail: string): VerifyResult => ({ ok: false, reason, detail });

function parseAmounts(list: unknown, count: number, what: string): bigint[] | VerifyResult {
  if (!Array.isArray(list) || list.length !== count)
    return fail('malformed', `${what}: ${count} amounts expected`);
  const out: bigint[] = [];
  for (const item of list) {
    if (typeof item !== 'string') return fail('malformed', `${what}: an amount is not text`);
    let units: bigint;
    try {
      units = decimalToUnits(item);
    } catch {
      return fail('malformed', `${what}: ${JSON.stringify(item)} is not an amount`);
    }
    if (units < 0n) return fail('negative', `${what}: ${item} is negative`);
    if (units > MAX_SUM) return fail('overflow', `${what}: ${item} overflows`);
    out.push(units);
  }
  return out;
}

const isHash = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v);

/**
 * Verifies an inclusion proof against the published root (hex) and totals (decimal text per asset, in the
 * proof's asset order): the leaf (and the member's commitment when given) hashes up the path to the root, no
 * balance or sum is negative or reaches 2^127, and the root's sums are the published totals.
 */
export async function verifyProof(
  proof: SumProof,
  publishedRoot: string,
  publishedTotals: readonly string[],
  hash: AsyncHashFn,
): Promise<VerifyResult> {
  if (!proof || typeof proof !== 'object' || proof.version !== PROOF_VERSION)
    return fail('malformed', 'not a proof of this version');
  const assets = Array.isArray(proof.assets) ? proof.assets.length : 0;
  const { leaf_index: index, leaf_count: count } = proof;
  if (
    assets === 0 ||
    !Number.isSafeInteger(index) ||
    !Number.isSafeInteger(count) ||
    index < 0 ||
    index >= count
  )
    return fail('malformed', 'assets, leaf index or leaf count missing');
  if (!proof.leaf || !isHash(proof.leaf.commitment)) return fail('malformed', 'the leaf has no commitment');
  if (!Array.isArray(proof.path) || proof.path.length !== depthOf(count))
    return fail('path', `the path has ${proof.path?.length ?? 0} steps where ${depthOf(count)} are needed`);
  const totals = parseAmounts(publishedTotals, assets, 'published totals');
  if (!Array.isArray(totals)) return totals;
  if (proof.member) {
    const { id, salt } = proof.member;
    if (typeof id !== 'string' || typeof salt !== 'string' || !/^(?:[0-9a-f]{2})+$/.test(salt))
      return fail('malformed', 'the member part is not an id and a hex salt');
    if (toHex(await hash(commitmentInput(fromHex(salt), id))) !== proof.leaf.commitment)
      return fail('commitment', 'the commitment is not the hash of this member id and salt');
  }
  const balances = parseAmounts(proof.leaf.balances, assets, 'leaf balances');
  if (!Array.isArray(balances)) return balances;
  let current = await hash(leafInput(fromHex(proof.leaf.commitment), balances));
  let sums = balances;
  for (const [level, step] of proof.path.entries()) {
    if (!step || !isHash(step.hash)) return fail('malformed', `step ${level}: no sibling hash`);
    const siblingSums = parseAmounts(step.sums, assets, `step ${level} sums`);
    if (!Array.isArray(siblingSums)) return siblingSums;
    const mine = leafRecord(current, sums);
    const theirs = leafRecord(fromHex(step.hash), siblingSums);
    const isLeft = ((index / 2 ** level) & 1) === 0;
    const input = new Uint8Array(1 + 2 * mine.length);
    input[0] = NODE;
    input.set(isLeft ? mine : theirs, 1);
    input.set(isLeft ? theirs : mine, 1 + mine.length);
    sums = sums.map((s, a) => s + (siblingSums[a] ?? 0n));
    const over = sums.findIndex((s) => s > MAX_SUM);
    if (over >= 0) return fail('overflow', `step ${level}: the sum of ${proof.assets[over]} overflows`);
    current = await hash(input);
  }
  if (toHex(current) !== publishedRoot) return fail('root', 'the path does not hash to the published root');
  const differs = sums.findIndex((s, a) => s !== totals[a]);
  if (differs >= 0)
    return fail('totals', `the root's ${proof.assets[differs]} sum is not the published total`);
  return { ok: true };
}

function leafRecord(hashBytes: Uint8Array, sums: readonly bigint[]): Uint8Array {
  const out = new Uint8Array(HASH_BYTES + SUM_BYTES * sums.length);
  const view = new DataView(out.buffer);
  out.set(hashBytes, 0);
  sums.forEach((s, i) => {
    writeU128(view, HASH_BYTES + i * SUM_BYTES, s);
  });
  return out;
}
