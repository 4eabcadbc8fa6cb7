import {
  chainName,
  chainTransport,
  erc20Abi,
  formatTokenUnits,
  SUPPORTED_CHAINS,
  TRON_CHAIN_ID,
  tronJsonRpcChain,
} from '@sgx/chain';
import {
  type ApprovalRecord,
  type ChainConfig,
  type ChainsResponse,
  DEFAULT_EVM_CHAIN_ID,
  type DepositChainId,
  displayAddress,
  networkOfChain,
  type OnChainTokenBalance,
  type SupportedChainId,
} from '@sgx/contracts';
import { formatUnits } from '@sgx/money';
import { type Address, BaseError, createPublicClient, type PublicClient } from 'viem';
import type { Config } from '../../config';
import type { Db, DbOrTx, Tx } from '../../db';
import { notFound } from '../../http/errors';
import type { ApprovalRegistry } from '../approvals/approvals.registry';
import {
  applyApprovedChainChange,
  type ChainSettingsRequest,
  requestChainChange,
} from './chain-settings.change';

export type ChainSettingsRow = {
  chain_id: number;
  enabled: boolean;
  token_address: string;
  token_symbol: string;
  token_decimals: number;
  confirmations: number;
  scanned_to_block: bigint | null;
  scanned_block_hash: string | null;
  min_deposit: bigint;
  forwarder_factory: string | null;
  forwarder_prefix: '0xff' | '0x41' | null;
  forwarder_code_hash: string | null;
  treasury_address: string | null;
  payout_contract: string | null;
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
    const readable = [...SUPPORTED_CHAINS.map((c) => c.viemChain), tronJsonRpcChain];
    for (const chain of readable) {
      const url = config.chainRpcUrls[chain.id];
      if (!url) continue;
      this.clients.set(
        chain.id,
        createPublicClient({ chain, transport: chainTransport(url) }) as unknown as PublicClient,
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

  /** The chains the server reads now: a node configured and the chain switched on in its settings. */
  async readableNow(): Promise<ReadonlySet<number>> {
    const ids = this.readChainIds();
    if (ids.length === 0) return new Set();
    const on = await this.db
      .selectFrom('chain_settings')
      .select('chain_id')
      .where('chain_id', 'in', ids)
      .where('enabled', '=', true)
      .execute();
    return new Set(on.map((r) => r.chain_id));
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
        'scanned_block_hash',
        'min_deposit',
        'forwarder_factory',
        'forwarder_prefix',
        'forwarder_code_hash',
        'treasury_address',
        'payout_contract',
      ])
      .where('chain_id', '=', chainId)
      .executeTakeFirst();
    if (!row) throw notFound('This chain is not supported.');
    return row;
  }

  async all(): Promise<ChainsResponse> {
    const rows = await this.db.selectFrom('chain_settings').selectAll().execute();
    const byId = new Map(rows.map((r) => [r.chain_id, r]));
    const config = (
      s: (typeof rows)[number],
      meta: { name: string; publicRpcUrls: readonly string[]; explorerUrl: string },
    ): ChainConfig => ({
      id: s.chain_id,
      name: meta.name,
      enabled: s.enabled,
      verified: this.clients.has(s.chain_id),
      rpcUrls: this.config.publicRpcUrls[s.chain_id] ?? [...meta.publicRpcUrls],
      explorerUrl: meta.explorerUrl,
      token: {
        address:
          s.chain_id === TRON_CHAIN_ID
            ? displayAddress(s.chain_id, s.token_address.toLowerCase())
            : s.token_address,
        symbol: s.token_symbol,
        decimals: s.token_decimals,
      },
      confirmations: s.confirmations,
      network: networkOfChain(s.chain_id),
      min_deposit: formatUnits(s.min_deposit),
      forwarder_factory: s.forwarder_factory && displayAddress(s.chain_id, s.forwarder_factory),
      treasury: s.treasury_address && displayAddress(s.chain_id, s.treasury_address),
      payout_contract: s.payout_contract && displayAddress(s.chain_id, s.payout_contract),
    });
    const chains: ChainConfig[] = [];
    for (const chain of SUPPORTED_CHAINS) {
      const s = byId.get(chain.id);
      if (s) chains.push(config(s, chain));
    }
    const t = byId.get(TRON_CHAIN_ID);
    const tron = t
      ? config(t, { name: 'TRON', publicRpcUrls: [], explorerUrl: 'https://tronscan.org/#' })
      : null;
    return { chains, tron, walletConnectProjectId: this.config.walletConnectProjectId ?? null };
  }

  /**
   * An admin asks to change a chain's settings (PUT /chains/:id): refused below the network's confirmations
   * floor or for a factory the chain does not confirm, nothing when nothing changes (null), else kept for a
   * second admin (decision 0029).
   */
  request(
    actorId: bigint,
    chainId: DepositChainId,
    body: ChainSettingsRequest,
    reason: string,
    key: string,
  ): Promise<ApprovalRecord | null> {
    return requestChainChange(this.db, this, { actorId, chainId, body, reason, key });
  }

  /** A change a second admin approved, in the approval's transaction (chain-settings.change.ts). */
  applyApproved(
    tx: Tx,
    a: { requested_by: bigint; reason: string | null; payload: Record<string, unknown> },
  ): Promise<void> {
    return applyApprovedChainChange(tx, a);
  }
}

/** The chain the SGX token lives on (its addresses are BEP20). */
export const SGX_CHAIN_ID: SupportedChainId = 56;

/** The chain a deposit names, or BNB Smart Chain for a BEP20 deposit that names none. */
export const depositChainOf = (chainId: number | undefined): SupportedChainId =>
  (chainId ?? DEFAULT_EVM_CHAIN_ID) as SupportedChainId;

/** The chains' approval kind (decision 0059). */
export function registerChainApprovals(registry: ApprovalRegistry, chains: ChainsService): void {
  registry.register('chain_settings', { run: (tx, a) => chains.applyApproved(tx, a) });
}
