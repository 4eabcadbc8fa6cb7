import { z } from 'zod';
import { DEFAULT_EVM_CHAIN_ID as DEFAULT_CHAIN } from './deposit-basics';
import { Bep20Address, Trc20Address } from './users';

/**
 * Wallets and chains (decision 0008): the EVM chains the platform accepts deposits on, proving a wallet by a
 * signed one-time message, the chain settings an admin keeps, and where the check of a deposit stands.
 */
export const SUPPORTED_CHAIN_IDS = [1, 137, 56, 42161] as const;
export type SupportedChainId = (typeof SUPPORTED_CHAIN_IDS)[number];
export const SupportedChainId = z.coerce
  .number()
  .int()
  .refine((v): v is SupportedChainId => (SUPPORTED_CHAIN_IDS as readonly number[]).includes(v), {
    message: 'Choose Ethereum (1), Polygon (137), BNB Smart Chain (56) or Arbitrum One (42161).',
  })
  .transform((v) => v as SupportedChainId);
/** TRON mainnet's chain id on its Ethereum-compatible JSON-RPC (java-tron `/jsonrpc`). */
export const TRON_CHAIN_ID = 728126428;
/** Every chain deposits are read on: the four EVM chains, then TRON. */
export const DEPOSIT_CHAIN_IDS = [...SUPPORTED_CHAIN_IDS, TRON_CHAIN_ID] as const;
export type DepositChainId = (typeof DEPOSIT_CHAIN_IDS)[number];
export const DepositChainId = z.coerce
  .number()
  .int()
  .refine((v): v is DepositChainId => (DEPOSIT_CHAIN_IDS as readonly number[]).includes(v), {
    message:
      'Choose Ethereum (1), Polygon (137), BNB Smart Chain (56), Arbitrum One (42161) or TRON (728126428).',
  })
  .transform((v) => v as DepositChainId);
export const DepositNetwork = z.enum(['EVM', 'TRON']);
export type DepositNetwork = z.infer<typeof DepositNetwork>;
export const networkOfChain = (chainId: number): DepositNetwork =>
  chainId === TRON_CHAIN_ID ? 'TRON' : 'EVM';

/** The refusal of confirmations below the network's floor (MIN_CONFIRMATIONS of @sgx/chain), naming it. */
export const confirmationsFloorMessage = (networkName: string, floor: number) =>
  `${networkName} needs at least ${floor} confirmations.`;

/** BEP20 deposits name no chain in the spec: they are BNB Smart Chain's. */
export const DEFAULT_EVM_CHAIN_ID: SupportedChainId = DEFAULT_CHAIN;

// ---- wallets -------------------------------------------------------------------------------------

/** How long a challenge may be signed, in milliseconds. */
export const WALLET_CHALLENGE_TTL_MS = 10 * 60 * 1000;

export const WalletChallengeBody = z.object({ address: Bep20Address, chainId: SupportedChainId });
export const WalletChallengeResponse = z.object({ message: z.string(), expiresAt: z.string() });
export const WalletLinkBody = z.object({
  message: z.string().min(1).max(2000),
  signature: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]+$/, 'The signature must be 0x and hex digits.')
    .max(20_000),
});
export const LinkedWallet = z.object({
  /** EIP-55 checksummed. */
  address: z.string(),
  /** The chain the ownership was proven on. */
  chainId: z.number().int(),
  linked_at: z.string(),
  /** This address is the member's BEP20 payout address. */
  is_payout: z.boolean(),
});
export type LinkedWallet = z.infer<typeof LinkedWallet>;
export const LinkedWalletsResponse = z.object({ wallets: z.array(LinkedWallet) });
export const LinkedWalletResponse = z.object({ message: z.string(), wallet: LinkedWallet });
export const WalletAddressParam = z.object({ address: Bep20Address });

// ---- chains --------------------------------------------------------------------------------------

/** `below_minimum`: a transfer to a member's own address smaller than the chain's minimum, recorded, not credited. */
export const ChainStatus = z.enum([
  'waiting',
  'confirming',
  'credited',
  'refused',
  'manual',
  'below_minimum',
  /** From a sender on a sanctions list: recorded and held, credited only if two admins release it (decision 0075). */
  'sanctions_held',
]);
export type ChainStatus = z.infer<typeof ChainStatus>;

/** A chain as the web app and admins see it. `rpcUrls` are the public endpoints a browser may use. */
export const ChainConfig = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  /** The server has a node for this chain and verifies deposits on it. */
  verified: z.boolean(),
  rpcUrls: z.array(z.string()),
  explorerUrl: z.string(),
  token: z.object({ address: z.string(), symbol: z.string(), decimals: z.number().int() }),
  confirmations: z.number().int(),
  network: DepositNetwork,
  /** Smaller transfers to a member's own address are recorded, not credited (platform units). */
  min_deposit: z.string(),
  /** The CREATE2 factory of member deposit addresses on this chain (decision 0033), and the treasury it fixes. */
  forwarder_factory: z.string().nullable(),
  treasury: z.string().nullable(),
  /** The BatchPayout contract approved withdrawals are paid through on this chain (decision 0034), or null. */
  payout_contract: z.string().nullable(),
});
export type ChainConfig = z.infer<typeof ChainConfig>;
export const ChainsResponse = z.object({
  chains: z.array(ChainConfig),
  /** TRON (TRC20), read through java-tron's Ethereum-compatible JSON-RPC; never a wallet-connect chain. */
  tron: ChainConfig.nullable(),
  /** WalletConnect pairing project id; null hides that option. */
  walletConnectProjectId: z.string().nullable(),
});
export type ChainsResponse = z.infer<typeof ChainsResponse>;
export const ChainIdParam = z.object({ chainId: DepositChainId });
export const ChainSettingsBody = z.object({
  enabled: z.boolean(),
  /** 0x and 40 hex digits; on TRON also its Base58Check form (`T...`), stored as hex. */
  token_address: z.union([Bep20Address, Trc20Address]),
  token_symbol: z.string().trim().min(1).max(12),
  token_decimals: z.number().int().min(0).max(36),
  confirmations: z.number().int().min(1).max(10_000),
  /** Omitted: unchanged. */
  min_deposit: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,8})?$/, 'Enter an amount like 10 or 0.5.')
    .optional(),
  /** The deposit factory (0x address); null removes it; omitted: unchanged. */
  forwarder_factory: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'Enter the factory contract address (0x and 40 hex digits).')
    .nullable()
    .optional(),
  /** The BatchPayout contract (0x, or `T...` on TRON); null removes it; omitted: unchanged (decision 0034). */
  payout_contract: z.union([Bep20Address, Trc20Address]).nullable().optional(),
  reason: z.string().trim().min(3).max(500),
});

// ---- SGX on chain ---------------------------------------------------------------------------------

/** The SGX balance of an address read on chain (BNB Smart Chain), or why it cannot be read. */
export const OnChainTokenBalance = z.object({
  address: z.string(),
  chainId: z.number().int(),
  deployed: z.boolean(),
  contract_address: z.string().nullable(),
  /** Exact decimal text in the token's own decimals; null when it could not be read. */
  balance: z.string().nullable(),
  message: z.string(),
});
export type OnChainTokenBalance = z.infer<typeof OnChainTokenBalance>;
