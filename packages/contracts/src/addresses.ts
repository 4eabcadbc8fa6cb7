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
