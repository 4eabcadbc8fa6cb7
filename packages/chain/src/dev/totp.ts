import { createHmac } from 'node:crypto';

/**
 * RFC 6238 time-based one-time passwords as every authenticator app computes them (HMAC-SHA1, 6 digits,
 * 30-second steps), for `npm run chain:dev` signing the demo admins in with their second factor. Node's own
 * HMAC: the chain package takes no dependency for it.
 */
export const TOTP_PERIOD_MS = 30_000;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The bytes of an RFC 4648 base32 text (spaces, dashes and padding ignored, any case). */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`Not a base32 secret: unexpected "${char}".`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(out);
}

/** The 30-second step of a moment. */
export const stepAt = (timestamp = Date.now()): number => Math.floor(timestamp / TOTP_PERIOD_MS);

/** RFC 4226 HOTP of a raw key for a counter, `digits` long. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fff_ffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The 6-digit code of a base32 secret for a time step (default: now). */
export const totpCode = (secret: string, step = stepAt()): string => hotp(base32Decode(secret), step);

/**
 * The steps whose codes a server with a window of one step either side takes now and that are later than
 * `lastUsed` (each step is taken once per user): the current one, then the next. Not the one before: a code
 * typed in the browser meanwhile is most likely the current one, and using a later step first would lock
 * it out.
 */
export function freeSteps(lastUsed: number | undefined, timestamp = Date.now()): number[] {
  const now = stepAt(timestamp);
  return [now, now + 1].filter((s) => lastUsed === undefined || s > lastUsed);
}
