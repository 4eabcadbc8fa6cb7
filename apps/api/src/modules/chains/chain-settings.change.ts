import {
  BATCH_PAYOUT_ABI,
  chainName,
  DEPOSIT_FACTORY_ABI,
  EVM_CREATE2_PREFIX,
  forwarderAddress,
  minConfirmationsOf,
  TRON_CHAIN_ID,
  TVM_CREATE2_PREFIX,
} from '@sgx/chain';
import {
  type ApprovalRecord,
  type ChainSettingsBody,
  confirmationsFloorMessage,
  DepositChainId,
  displayAddress,
  isTronAddress,
  tronToHex,
} from '@sgx/contracts';
import { formatUnits, parseUnits } from '@sgx/money';
import { type Address, BaseError, type Hex, type PublicClient, zeroHash } from 'viem';
import { z } from 'zod';
import type { Db, Tx } from '../../db';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { type ApprovalChange, requestApproval } from '../approvals/approvals.repo';
import { writeAudit } from '../audit/audit.repo';

/**
 * Changing a chain's deposit settings (decision 0029: a second admin approves): the stablecoin, confirmations,
 * switch, the smallest credited transfer to a member address, and the member addresses' CREATE2 factory (issue
 * 20, decision 0033). A factory is read on the chain when it is asked for: the treasury it fixes, its CREATE2
 * prefix and forwarder code hash, and a probe address the server must compute exactly as the factory does; a
 * factory the chain does not confirm is refused before any admin is asked.
 */

export type ChainSettingsRequest = Omit<z.infer<typeof ChainSettingsBody>, 'reason'>;

/** A chain's editable settings as stored (addresses 0x, the factory's in lower case; min_deposit decimal text). */
const Stored = z.object({
  enabled: z.boolean(),
  token_address: z.string(),
  token_symbol: z.string(),
  token_decimals: z.number().int(),
  confirmations: z.number().int(),
  min_deposit: z.string(),
  forwarder_factory: z.string().nullable(),
  forwarder_prefix: z.enum(['0xff', '0x41']).nullable(),
  forwarder_code_hash: z.string().nullable(),
  treasury_address: z.string().nullable(),
  /** The BatchPayout contract (decision 0034; approvals asked before it existed have none). */
  payout_contract: z.string().nullable().default(null),
});
type Stored = z.infer<typeof Stored>;
/** What an approval of a chain change runs: re-read (and re-checked) when it is approved. */
const ApprovedChange = z.object({ chainId: DepositChainId, before: Stored, after: Stored });

/**
 * What a chain change reads the chain with: ChainsService.client. Named here, not imported, so that
 * chains.service.ts (which runs the change) and this file import each other in no circle (decision 0059).
 */
export type ChainClients = { client(chainId: number): PublicClient | undefined };

export async function requestChainChange(
  db: Db,
  chains: ChainClients,
  r: { actorId: bigint; chainId: DepositChainId; body: ChainSettingsRequest; reason: string; key: string },
): Promise<ApprovalRecord | null> {
  const { actorId, chainId, body } = r;
  assertFloor(chainId, body.confirmations);
  const token = tokenAddressOf(chainId, body.token_address);
  const before = await current(db, chainId);
  const factoryAsked =
    body.forwarder_factory === undefined
      ? before.forwarder_factory
      : (body.forwarder_factory?.toLowerCase() ?? null);
  const factory =
    factoryAsked === before.forwarder_factory
      ? pick(before)
      : factoryAsked === null
        ? {
            forwarder_factory: null,
            forwarder_prefix: null,
            forwarder_code_hash: null,
            treasury_address: null,
          }
        : await readFactory(chains, chainId, factoryAsked);
  const payoutAsked =
    body.payout_contract === undefined
      ? before.payout_contract
      : body.payout_contract === null
        ? null
        : addressOf(chainId, body.payout_contract, 'payout_contract');
  if (payoutAsked !== null && payoutAsked !== before.payout_contract)
    await readPayoutContract(chains, chainId, payoutAsked);
  const after: Stored = {
    enabled: body.enabled,
    token_address: sameText(before.token_address, token) ? before.token_address : token,
    token_symbol: body.token_symbol,
    token_decimals: body.token_decimals,
    confirmations: body.confirmations,
    min_deposit:
      body.min_deposit === undefined ? before.min_deposit : formatUnits(parseUnits(body.min_deposit)),
    ...factory,
    payout_contract: payoutAsked,
  };
  if (parseUnits(after.min_deposit) <= 0n)
    throw badRequest('The minimum deposit must be above 0.', {
      min_deposit: ['The minimum deposit must be above 0.'],
    });
  const changes = chainChanges(chainId, before, after);
  if (changes.length === 0) return null;
  return db.transaction().execute((tx) =>
    requestApproval(tx, {
      kind: 'chain_settings',
      requestKey: `chain_settings:${actorId}:${r.key}`,
      requestedBy: actorId,
      subjectId: BigInt(chainId),
      summary: `Change ${chainName(chainId)} deposits: ${changes.map((c) => c.field.toLowerCase()).join(', ')}.`,
      changes,
      payload: { chainId, before, after },
      reason: r.reason,
    }),
  );
}

/**
 * A change a second admin approved, in the approval's transaction, as its requester's: refused when the chain's
 * settings are no longer what the approver was shown. Written and audited; a new token is scanned afresh.
 */
export async function applyApprovedChainChange(
  tx: Tx,
  a: { requested_by: bigint; reason: string | null; payload: Record<string, unknown> },
): Promise<void> {
  const parsed = ApprovedChange.safeParse(a.payload);
  if (!parsed.success) throw conflict('This chain change is no longer valid; ask again.');
  const { chainId, before, after } = parsed.data;
  const now = await current(tx, chainId, true);
  if (chainChanges(chainId, now, before).length > 0)
    throw conflict(`The ${chainName(chainId)} settings changed since this was asked for; ask again.`);
  assertFloor(chainId, after.confirmations);
  const tokenChanged = !sameText(before.token_address, after.token_address);
  await tx
    .updateTable('chain_settings')
    .set({
      ...after,
      min_deposit: parseUnits(after.min_deposit),
      updated_at: new Date(),
      // A new token contract is scanned from the chain's recent blocks again.
      ...(tokenChanged ? { scanned_to_block: null, scanned_block_hash: null } : {}),
    })
    .where('chain_id', '=', chainId)
    .execute();
  await writeAudit(tx, {
    actorId: a.requested_by,
    action: 'chain.settings',
    entity: 'chain',
    entityId: String(chainId),
    before,
    after,
    reason: a.reason ?? 'approved change',
  });
}

/** The salt whose forwarder address the server computes and the factory must agree on. */
const PROBE_SALT = `0x${'5a'.repeat(32)}` as Hex;

/**
 * Reads a factory on the chain: its treasury, prefix and forwarder code hash, and `addressOf` a probe salt, which
 * must equal the server's own computation (else member addresses would not be the factory's).
 */
async function readFactory(chains: ChainClients, chainId: number, factory: string) {
  const client = chains.client(chainId);
  const refuse = (message: string) => badRequest(message, { forwarder_factory: [message] });
  if (!client)
    throw refuse(`The server has no node for ${chainName(chainId)}, so it cannot check the factory there.`);
  const contract = { address: factory as Address, abi: DEPOSIT_FACTORY_ABI } as const;
  try {
    const [treasury, prefix, codeHash, probe] = await Promise.all([
      client.readContract({ ...contract, functionName: 'treasury' }),
      client.readContract({ ...contract, functionName: 'create2Prefix' }),
      client.readContract({ ...contract, functionName: 'forwarderCodeHash' }),
      client.readContract({ ...contract, functionName: 'addressOf', args: [PROBE_SALT] }),
    ]);
    const p = prefix.toLowerCase();
    if (p !== EVM_CREATE2_PREFIX && p !== TVM_CREATE2_PREFIX)
      throw refuse(`The factory uses an unknown CREATE2 prefix ${p}.`);
    const computed = forwarderAddress({ factory: factory as Address, salt: PROBE_SALT, prefix: p, codeHash });
    if (computed.toLowerCase() !== probe.toLowerCase())
      throw refuse(
        'The factory computes member addresses differently from the server: it is not a deposit factory.',
      );
    return {
      forwarder_factory: factory,
      forwarder_prefix: p as '0xff' | '0x41',
      forwarder_code_hash: codeHash.toLowerCase(),
      treasury_address: treasury.toLowerCase(),
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    const why = err instanceof BaseError ? err.shortMessage : 'the node did not answer';
    throw refuse(`No deposit factory answers at ${factory} on ${chainName(chainId)}: ${why}`);
  }
}

/**
 * Reads a BatchPayout contract on the chain (decision 0034): it must answer `paid(ref)`; refused before any admin is
 * asked when nothing answers there.
 */
async function readPayoutContract(chains: ChainClients, chainId: number, contract: string): Promise<void> {
  const client = chains.client(chainId);
  const refuse = (message: string) => badRequest(message, { payout_contract: [message] });
  if (!client)
    throw refuse(
      `The server has no node for ${chainName(chainId)}, so it cannot check the payout contract there.`,
    );
  try {
    const code = await client.getCode({ address: contract as Address });
    if (!code || code === '0x')
      throw refuse(`No contract is deployed at ${displayAddress(chainId, contract)}.`);
    await client.readContract({
      address: contract as Address,
      abi: BATCH_PAYOUT_ABI,
      functionName: 'paid',
      args: [zeroHash],
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    const why = err instanceof BaseError ? err.shortMessage : 'the node did not answer';
    throw refuse(`No payout contract answers at ${displayAddress(chainId, contract)}: ${why}`);
  }
}

/** The token contract as stored: TRON's `T...` as 20-byte hex. */
function tokenAddressOf(chainId: number, address: string): string {
  return addressOf(chainId, address, 'token_address', chainId !== TRON_CHAIN_ID);
}

/** A contract address as stored: TRON's `T...` as 20-byte hex; lower case unless `keepCase`. */
function addressOf(chainId: number, address: string, field: string, keepCase = false): string {
  if (isTronAddress(address)) {
    if (chainId !== TRON_CHAIN_ID)
      throw badRequest('A TRON address is only for TRON.', { [field]: ['A TRON address is only for TRON.'] });
    return tronToHex(address);
  }
  return keepCase ? address : address.toLowerCase();
}

async function current(db: Db | Tx, chainId: number, lock = false): Promise<Stored> {
  let q = db
    .selectFrom('chain_settings')
    .select([
      'enabled',
      'token_address',
      'token_symbol',
      'token_decimals',
      'confirmations',
      'min_deposit',
      'forwarder_factory',
      'forwarder_prefix',
      'forwarder_code_hash',
      'treasury_address',
      'payout_contract',
    ])
    .where('chain_id', '=', chainId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('This chain is not supported.');
  return { ...row, min_deposit: formatUnits(row.min_deposit) };
}

const pick = (s: Stored) => ({
  forwarder_factory: s.forwarder_factory,
  forwarder_prefix: s.forwarder_prefix,
  forwarder_code_hash: s.forwarder_code_hash,
  treasury_address: s.treasury_address,
});

/** Refuses confirmations below the network's floor (400, naming it). */
function assertFloor(chainId: number, confirmations: number): void {
  const floor = minConfirmationsOf(chainId);
  if (confirmations >= floor) return;
  const message = confirmationsFloorMessage(chainName(chainId), floor);
  throw badRequest(message, { confirmations: [message] });
}

const sameText = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

const chainFields = {
  enabled: 'Deposits',
  token_address: 'Token contract',
  token_symbol: 'Symbol',
  token_decimals: 'Decimals',
  confirmations: 'Confirmations',
  min_deposit: 'Minimum deposit',
  forwarder_factory: 'Deposit factory',
  treasury_address: 'Treasury',
  payout_contract: 'Payout contract',
} as const satisfies Partial<Record<keyof Stored, string>>;
type Field = keyof typeof chainFields;

function shown(chainId: number, k: Field, v: Stored): string {
  const value = v[k];
  if (k === 'enabled') return v.enabled ? 'enabled' : 'switched off';
  if (value === null) return 'none';
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value))
    return displayAddress(chainId, value.toLowerCase());
  return String(value);
}

/** The settings that differ, as the approver reads them (addresses compared without their case). */
function chainChanges(chainId: number, before: Stored, after: Stored): ApprovalChange[] {
  return (Object.keys(chainFields) as Field[])
    .filter((k) => {
      const a = before[k];
      const b = after[k];
      return typeof a === 'string' || typeof b === 'string'
        ? !sameText(a as string | null, b as string | null)
        : a !== b;
    })
    .map((k) => ({
      field: chainFields[k],
      before: shown(chainId, k, before),
      after: shown(chainId, k, after),
    }));
}
