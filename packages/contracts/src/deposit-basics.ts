/**
 * What a deposit screen needs at once, without zod: the web app imports this file alone
 * (`@sgx/contracts/deposit-basics`), so the Web3 deposit page does not wait for every contract and zod (about
 * 50 kB gzip, and their building on a phone's main thread) before it shows (decision 0052). The contracts build their
 * schemas from it: the same pattern and message on both sides.
 */

/** The EVM chain a deposit starts on (BNB Chain). */
export const DEFAULT_EVM_CHAIN_ID = 56;

/** A transaction hash: 64 hexadecimal digits, with or without 0x. */
export const TX_HASH_PATTERN = /^(0x)?[0-9a-fA-F]{64}$/;
export const TX_HASH_MESSAGE = 'Enter the 64-hex-digit transaction hash.';
