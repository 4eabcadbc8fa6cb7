import { chainName, chainTransport, erc20Abi, formatTokenUnits, SUPPORTED_CHAINS } from '@sgx/chain';
import {
  type ChainConfig,
  type ChainsResponse,
  DEFAULT_EVM_CHAIN_ID,
  type OnChainTokenBalance,
  type SupportedChainId,
} from '@sgx/contracts';
import { type Address, BaseError, createPublicClient, type PublicClient } from 'viem';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db';
import { notFound } from '../../http/errors';
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
 * node for (`CHAIN_RPC_URL_<id>`), and the settings an admin keeps per chain (stablecoin contract, its
 * decimals, confirmations), audited.
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

  async update(
    actorId: bigint,
    chainId: SupportedChainId,
    patch: ChainSettingsPatch,
    reason: string,
  ): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const before = await tx
        .selectFrom('chain_settings')
        .select(['enabled', 'token_address', 'token_symbol', 'token_decimals', 'confirmations'])
        .where('chain_id', '=', chainId)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw notFound('This chain is not supported.');
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
    });
  }
}

/** The chain the SGX token lives on (its addresses are BEP20). */
export const SGX_CHAIN_ID: SupportedChainId = 56;

/** The chain a deposit names, or BNB Smart Chain for a BEP20 deposit that names none. */
export const depositChainOf = (chainId: number | undefined): SupportedChainId =>
  (chainId ?? DEFAULT_EVM_CHAIN_ID) as SupportedChainId;
