import { keccak_256 } from '@noble/hashes/sha3';
import { sha256 } from '@noble/hashes/sha256';
import { base58check } from '@scure/base';

const hexChars = /^0x[0-9a-fA-F]{40}$/;

/** EIP-55 checksum casing of a 0x address (input in any case). */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const ch = lower.charAt(i);
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    out += nibble >= 8 ? ch.toUpperCase() : ch;
  }
  return out;
}

/**
 * A BEP20 (EVM) address: 0x and 40 hex digits. Mixed case must carry a valid EIP-55 checksum; an
 * all-lowercase or all-uppercase address carries none and is accepted (stored checksummed).
 */
export function isEvmAddress(address: string): boolean {
  if (!hexChars.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

const tronCodec = base58check(sha256);

/** A TRC20 (Tron) address: base58check of 21 bytes starting with 0x41, shown as 34 characters starting with T. */
export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  try {
    const bytes = tronCodec.decode(address);
    return bytes.length === 21 && bytes[0] === 0x41;
  } catch {
    return false;
  }
}

const hexOf = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** A TRON address (`T...`) as the 20-byte hex its Ethereum-compatible JSON-RPC uses (0x, lower case). */
export function tronToHex(address: string): string {
  if (!isTronAddress(address)) throw new Error(`Not a TRON address: ${address}`);
  return `0x${hexOf(tronCodec.decode(address).slice(1))}`;
}

/** 20-byte hex (0x...) as the TRON address people read (`T...`, Base58Check of 0x41 and the 20 bytes). */
export function hexToTron(address: string): string {
  if (!hexChars.test(address)) throw new Error(`Not a 20-byte hex address: ${address}`);
  const bytes = new Uint8Array(21);
  bytes[0] = 0x41;
  for (let i = 0; i < 20; i++) bytes[i + 1] = Number.parseInt(address.slice(2 + i * 2, 4 + i * 2), 16);
  return tronCodec.encode(bytes);
}

/** An address as a person reads it on a chain: Base58Check on TRON (728126428), EIP-55 elsewhere. */
export const displayAddress = (chainId: number, hex: string): string =>
  chainId === 728126428 ? hexToTron(hex) : toChecksumAddress(hex);
