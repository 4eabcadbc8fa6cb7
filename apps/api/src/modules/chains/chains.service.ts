import {
  chainName,
  chainTransport,
  erc20Abi,
  formatTokenUnits,
  minConfirmations,
  SUPPORTED_CHAINS,
} from '@sgx/chain';
import {
  type ApprovalRecord,
  type ChainConfig,
  ChainSettingsBody,
  type ChainsResponse,
  confirmationsFloorMessage,
  DEFAULT_EVM_CHAIN_ID,
  type OnChainTokenBalance,
  type SupportedChainId,
  SupportedChainId as SupportedChainIdIn,
} from '@sgx/contracts';
import { type Address, BaseError, createPublicClient, type PublicClient } from 'viem';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db, DbOrTx, Tx } from '../../db';
import { badRequest, conflict, notFound } from '../../http/errors';
import { type ApprovalChange, requestApproval } from '../approvals/approvals.repo';
import { writeAudit } from '../audit/audit.repo';

export type ChainSettingsRow = {
  chain_id: number;
  enabled: boolean;
  token_address: string;
  token_symbol: string;
  token_decimals: number;
  confirmations: number;
  scanned_to_block: bigint | null;
};

export type ChainSettingsPatch = {
  enabled: boolean;
  token_address: string;
  token_symbol: string;
  token_decimals: number;
  confirmations: number;
};

/**
 * The EVM chains the platform accepts deposits on: one viem public client per chain the server has a
 * node for (`CHAIN_RPC_URL_<id>`), and the settings admins keep per chain (stablecoin contract, its
 * decimals, confirmations, the switch): a change waits for a second admin (decision 0029), audited.
 */
export class ChainsService {
  private readonly clients = new Map<number, PublicClient>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {
    for (const chain of SUPPORTED_CHAINS) {
      const url = config.chainRpcUrls[chain.id];
      if (!url) continue;
      this.clients.set(
        chain.id,
        createPublicClient({
          chain: chain.viemChain,
          transport: chainTransport(url),
        }) as unknown as PublicClient,
      );
    }
  }

  /** The server's client for a chain, or undefined when no node is configured for it. */
  client(chainId: number): PublicClient | undefined {
    return this.clients.get(chainId);
  }

  /** Chains the server reads (has a node for). */
  readChainIds(): number[] {
    return [...this.clients.keys()];
  }

  /**
   * The SGX balance of `address` on chain, read from the token contract when one is set; says clearly
   * when the token is not deployed or the chain cannot be read.
   */
  async onChainTokenBalance(address: string, contract: string | null): Promise<OnChainTokenBalance> {
    const base = { address, chainId: SGX_CHAIN_ID, contract_address: contract };
    if (!contract)
      return {
        ...base,
        deployed: false,
        balance: null,
        message: 'The SGX token is not deployed on chain yet: no contract address is set.',
      };
    const client = this.client(SGX_CHAIN_ID);
    if (!client)
      return {
        ...base,
        deployed: true,
        balance: null,
        message: `The server has no node for ${chainName(SGX_CHAIN_ID)}, so the on-chain balance cannot be read.`,
      };
    try {
      const token = { address: contract as Address, abi: erc20Abi } as const;
      const [raw, decimals] = await Promise.all([
        client.readContract({ ...token, functionName: 'balanceOf', args: [address as Address] }),
        client.readContract({ ...token, functionName: 'decimals' }),
      ]);
      return {
        ...base,
        deployed: true,
        balance: formatTokenUnits(raw, Number(decimals)),
        message: `Read from ${chainName(SGX_CHAIN_ID)}.`,
      };
    } catch (err) {
      const why = err instanceof BaseError ? err.shortMessage : 'the node did not answer';
      return {
        ...base,
        deployed: true,
        balance: null,
        message: `The on-chain balance could not be read: ${why}`,
      };
    }
  }

  async settings(chainId: number, tx: DbOrTx = this.db): Promise<ChainSettingsRow> {
    const row = await tx
      .selectFrom('chain_settings')
      .select([
        'chain_id',
        'enabled',
        'token_address',
        'token_symbol',
        'token_decimals',
        'confirmations',
        'scanned_to_block',
      ])
      .where('chain_id', '=', chainId)
      .executeTakeFirst();
    if (!row) throw notFound('This chain is not supported.');
    return row;
  }

  async all(): Promise<ChainsResponse> {
    const rows = await this.db.selectFrom('chain_settings').selectAll().execute();
    const byId = new Map(rows.map((r) => [r.chain_id, r]));
    const chains: ChainConfig[] = [];
    for (const chain of SUPPORTED_CHAINS) {
      const s = byId.get(chain.id);
      if (!s) continue;
      chains.push({
        id: chain.id,
        name: chain.name,
        enabled: s.enabled,
        verified: this.clients.has(chain.id),
        rpcUrls: this.config.publicRpcUrls[chain.id] ?? [...chain.publicRpcUrls],
        explorerUrl: chain.explorerUrl,
        token: { address: s.token_address, symbol: s.token_symbol, decimals: s.token_decimals },
        confirmations: s.confirmations,
      });
    }
    return { chains, walletConnectProjectId: this.config.walletConnectProjectId ?? null };
  }

  /**
   * An admin asks to change a chain's settings (PUT /chains/:id): refused below the network's confirmations
   * floor, nothing when nothing changes (null), else kept for a second admin (issue 19, decision 0029).
   */
  async request(
    actorId: bigint,
    chainId: SupportedChainId,
    patch: ChainSettingsPatch,
    reason: string,
    key: string,
  ): Promise<ApprovalRecord | null> {
    assertFloor(chainId, patch.confirmations);
    return this.db.transaction().execute(async (tx) => {
      const before = await this.current(tx, chainId);
      const after = sameAddress(before, patch) ? { ...patch, token_address: before.token_address } : patch;
      const changes = chainChanges(before, after);
      if (changes.length === 0) return null;
      return requestApproval(tx, {
        kind: 'chain_settings',
        requestKey: `chain_settings:${actorId}:${key}`,
        requestedBy: actorId,
        subjectId: BigInt(chainId),
        summary: `Change ${chainName(chainId)} deposits: ${changes.map((c) => c.field.toLowerCase()).join(', ')}.`,
        changes,
        payload: { chainId, before, after },
        reason,
      });
    });
  }

  /**
   * A change a second admin approved, in the approval's transaction, as its requester's: checked again, and
   * refused when the chain's settings are no longer what the approver was shown.
   */
  async applyApproved(
    tx: Tx,
    a: { requested_by: bigint; reason: string | null; payload: Record<string, unknown> },
  ): Promise<void> {
    const parsed = ApprovedChange.safeParse(a.payload);
    if (!parsed.success) throw conflict('This chain change is no longer valid; ask again.');
    const p = parsed.data;
    const now = await this.current(tx, p.chainId);
    if (chainChanges(now, p.before).length > 0)
      throw conflict(`The ${chainName(p.chainId)} settings changed since this was asked for; ask again.`);
    await this.apply(tx, a.requested_by, p.chainId, p.after, a.reason ?? 'approved change');
  }

  /**
   * Writes a chain's settings, audited: the approved change, or a set-up with no admin to ask (seeds).
   * Never reached from a route without an approval.
   */
  async apply(
    tx: Tx,
    actorId: bigint | null,
    chainId: SupportedChainId,
    patch: ChainSettingsPatch,
    reason: string,
  ): Promise<void> {
    assertFloor(chainId, patch.confirmations);
    const before = await this.current(tx, chainId);
    const tokenChanged = before.token_address.toLowerCase() !== patch.token_address.toLowerCase();
    await tx
      .updateTable('chain_settings')
      .set({
        ...patch,
        updated_at: new Date(),
        // A new token contract is scanned from the chain's recent blocks again.
        ...(tokenChanged ? { scanned_to_block: null } : {}),
      })
      .where('chain_id', '=', chainId)
      .execute();
    await writeAudit(tx, {
      actorId,
      action: 'chain.settings',
      entity: 'chain',
      entityId: String(chainId),
      before,
      after: patch,
      reason,
    });
  }

  /** The chain's editable settings, its row locked for the transaction. */
  private async current(tx: Tx, chainId: number): Promise<ChainSettingsPatch> {
    const row = await tx
      .selectFrom('chain_settings')
      .select(['enabled', 'token_address', 'token_symbol', 'token_decimals', 'confirmations'])
      .where('chain_id', '=', chainId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('This chain is not supported.');
    return row;
  }
}

const Patch = ChainSettingsBody.omit({ reason: true });
/** What an approval of a chain change runs: re-read (and re-checked) when it is approved. */
const ApprovedChange = z.object({ chainId: SupportedChainIdIn, before: Patch, after: Patch });

/** Refuses confirmations below the network's floor (400, naming it). */
function assertFloor(chainId: SupportedChainId, confirmations: number): void {
  const floor = minConfirmations(chainId);
  if (confirmations >= floor) return;
  const message = confirmationsFloorMessage(chainName(chainId), floor);
  throw badRequest(message, { confirmations: [message] });
}

const sameAddress = (a: { token_address: string }, b: { token_address: string }) =>
  a.token_address.toLowerCase() === b.token_address.toLowerCase();

const chainFields = {
  enabled: 'Deposits',
  token_address: 'Token contract',
  token_symbol: 'Symbol',
  token_decimals: 'Decimals',
  confirmations: 'Confirmations',
} as const satisfies Record<keyof ChainSettingsPatch, string>;

const shown = (k: keyof ChainSettingsPatch, v: ChainSettingsPatch) =>
  k === 'enabled' ? (v.enabled ? 'enabled' : 'switched off') : String(v[k]);

/** The settings that differ, as the approver reads them (the token address compared without its case). */
function chainChanges(before: ChainSettingsPatch, after: ChainSettingsPatch): ApprovalChange[] {
  return (Object.keys(chainFields) as (keyof ChainSettingsPatch)[])
    .filter((k) => (k === 'token_address' ? !sameAddress(before, after) : before[k] !== after[k]))
    .map((k) => ({ field: chainFields[k], before: shown(k, before), after: shown(k, after) }));
}

/** The chain the SGX token lives on (its addresses are BEP20). */
export const SGX_CHAIN_ID: SupportedChainId = 56;

/** The chain a deposit names, or BNB Smart Chain for a BEP20 deposit that names none. */
export const depositChainOf = (chainId: number | undefined): SupportedChainId =>
  (chainId ?? DEFAULT_EVM_CHAIN_ID) as SupportedChainId;
