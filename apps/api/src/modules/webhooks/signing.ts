import { createHmac, randomBytes } from 'node:crypto';

/**
 * The webhook signature (decision 0072): `X-SGX-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`,
 * one `v1=` per secret that signs (two during a rotation's overlap). Receivers recompute it from the raw body and
 * reject timestamps older than five minutes (docs/webhooks.md).
 */
export const SIGNATURE_HEADER = 'X-SGX-Signature';

/** A new signing secret: `whsec_` and 32 random bytes in base64url. */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

export function signatureHeader(secrets: string[], body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const parts = secrets.map((s) => `v1=${createHmac('sha256', s).update(`${t}.${body}`).digest('hex')}`);
  return [`t=${t}`, ...parts].join(',');
}
