import { type Hex, sha256 } from 'viem';

/**
 * TRON addresses (browser-safe). TRON's TVM uses the same 20-byte account hashes as the EVM; people read them in
 * Base58Check (`T...`): base58(0x41 ++ 20 bytes ++ the first 4 bytes of sha256(sha256(0x41 ++ 20 bytes))).
 * java-tron's JSON-RPC (`/jsonrpc`) speaks the 20-byte hex form.
 */

export { TRON_CHAIN_ID } from './names';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const TRON_PREFIX = 0x41;

function base58Encode(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

function base58Decode(s: string): Uint8Array | undefined {
  let n = 0n;
  for (const c of s) {
    const digit = ALPHABET.indexOf(c);
    if (digit < 0) return undefined;
    n = n * 58n + BigInt(digit);
  }
  const body: number[] = [];
  while (n > 0n) {
    body.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  let zeros = 0;
  while (s[zeros] === '1') zeros++;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...body]);
}

const checksum = (payload: Uint8Array): Uint8Array => sha256(sha256(payload, 'bytes'), 'bytes').slice(0, 4);

const hexToBytes = (hex: string): Uint8Array =>
  Uint8Array.from(hex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16));

const bytesToHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The Base58Check `T...` form of a 20-byte address: `0x` + 40 hex digits (any case), or TRON's own hex form
 * `41` + 40 hex digits. Throws on anything else.
 */
export function toTronAddress(hex20: string): string {
  const match = /^(?:0x|41)?([0-9a-fA-F]{40})$/.exec(hex20);
  if (!match?.[1]) throw new TypeError(`Not a 20-byte address: ${hex20}`);
  const payload = Uint8Array.from([TRON_PREFIX, ...hexToBytes(match[1])]);
  return base58Encode(Uint8Array.from([...payload, ...checksum(payload)]));
}

/** The 20-byte hex form (0x, lowercase) of a `T...` address; throws on a bad character, length, prefix or checksum. */
export function tronToHex(t: string): Hex {
  const bytes = base58Decode(t);
  if (bytes?.length !== 25) throw new TypeError(`Not a TRON address: ${t}`);
  if (bytes[0] !== TRON_PREFIX) throw new TypeError(`Not a TRON address (wrong prefix): ${t}`);
  const payload = bytes.slice(0, 21);
  const expected = checksum(payload);
  if (expected.some((b, i) => b !== bytes[21 + i])) {
    throw new TypeError(`Not a TRON address (bad checksum): ${t}`);
  }
  return `0x${bytesToHex(payload.slice(1))}`;
}

/** Whether `s` is a valid Base58Check TRON address (`T...`, prefix 0x41, correct checksum). */
export function isTronBase58(s: string): boolean {
  try {
    tronToHex(s);
    return true;
  } catch {
    return false;
  }
}
