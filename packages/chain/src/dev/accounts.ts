import { pbkdf2Sync } from 'node:crypto';
import { type Address, type Hex, toHex } from 'viem';
import { HDKey, hdKeyToAccount } from 'viem/accounts';

/** The well-known mnemonic anvil (and Hardhat) fund by default. Public: never use it for real funds. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

export interface DevAccount {
  /** Checksummed address. */
  address: Address;
  /** 0x-prefixed 32-byte private key: a PUBLIC test key, known to everyone. */
  privateKey: Hex;
}

type Ten<T> = readonly [T, T, T, T, T, T, T, T, T, T];

/**
 * anvil's first 10 default accounts (m/44'/60'/0'/0/i of DEV_MNEMONIC), each funded with 10,000 ETH on a
 * fresh node. This is exactly what viem's `mnemonicToAccount(DEV_MNEMONIC, { addressIndex: i })` derives
 * (dev.proc.test.ts checks it, and checks the addresses against a running anvil); the BIP-39 seed is computed once
 * with Node's native PBKDF2 instead of ten times in JavaScript, which would cost about a second at import.
 */
export const DEV_ACCOUNTS: Ten<DevAccount> = (() => {
  const seed = pbkdf2Sync(DEV_MNEMONIC.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512');
  const root = HDKey.fromMasterSeed(seed);
  const accounts = Array.from({ length: 10 }, (_, addressIndex): DevAccount => {
    const account = hdKeyToAccount(root, { addressIndex });
    const key = account.getHdKey().privateKey;
    if (!key) throw new Error(`No private key derived for dev account ${addressIndex}.`);
    return Object.freeze({ address: account.address, privateKey: toHex(key) });
  });
  return Object.freeze(accounts) as unknown as Ten<DevAccount>;
})();

/** DEV_ACCOUNTS[index], or a clear error for an index outside 0..9. */
export function devAccount(index: number): DevAccount {
  const account = Number.isInteger(index) ? DEV_ACCOUNTS[index] : undefined;
  if (!account) throw new RangeError(`No dev account ${index}: DEV_ACCOUNTS has indexes 0 to 9.`);
  return account;
}
