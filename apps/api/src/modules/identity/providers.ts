import { createHmac, timingSafeEqual } from 'node:crypto';
import { IdentityProviderEvent } from '@sgx/contracts';
import { AppError, badRequest, notFound } from '../../http/errors';

/** The header a provider's decision is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const SIGNATURE_HEADER = 'x-sgx-signature';
/** How far a signature's time may be from ours (replays older than this are refused; event ids catch the rest). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** A provider's decision as the domain applies it (through decideSubmission, the queue's own rule). */
export type ProviderDecision = IdentityProviderEvent;

/**
 * Where identity decisions come from (decision 0074). The built-in review queue (`review`, the default) is decided
 * by compliance officers in the back-office and reads nothing from outside; a provider (a Sumsub- or Onfido-style
 * service) sends its decision to `POST /api/v1/identity/providers/:name/webhook`, and `readDecision` turns its
 * request into the one decision shape. A provider with another payload or signature is another implementation of
 * this interface; the domain (decideSubmission) does not change.
 */
export interface IdentityProvider {
  readonly name: string;
  readDecision?(request: { signature: string | undefined; rawBody: Buffer; now: Date }): ProviderDecision;
}

export const reviewQueue: IdentityProvider = { name: 'review' };

export function signatureOf(secret: string, timestamp: number, rawBody: Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The generic signed webhook (docs/identity.md): HMAC-SHA256 under IDENTITY_PROVIDER_<NAME>_SECRET, timestamped. */
export class SignedWebhookProvider implements IdentityProvider {
  constructor(
    readonly name: string,
    private readonly secret: string,
  ) {}

  readDecision({
    signature,
    rawBody,
    now,
  }: {
    signature: string | undefined;
    rawBody: Buffer;
    now: Date;
  }): ProviderDecision {
    const parts = Object.fromEntries(
      (signature ?? '').split(',').map((p) => {
        const i = p.indexOf('=');
        return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
      }),
    );
    const t = Number(parts.t);
    const v1 = parts.v1 ?? '';
    const given = Buffer.from(/^[0-9a-f]{64}$/.test(v1) ? v1 : '', 'hex');
    const expected = Buffer.from(signatureOf(this.secret, t, rawBody), 'hex');
    if (
      !Number.isSafeInteger(t) ||
      Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS ||
      given.length !== expected.length ||
      !timingSafeEqual(given, expected)
    )
      throw new AppError('UNAUTHENTICATED', 'The signature of this identity decision is not valid.');
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw badRequest('The request body is not valid JSON.');
    }
    const parsed = IdentityProviderEvent.safeParse(body);
    if (!parsed.success) throw badRequest('This identity decision is not in the documented form.');
    return parsed.data;
  }
}

/** The providers configured (IDENTITY_PROVIDER_<NAME>_SECRET), by name; the review queue is always there. */
export function identityProviders(secrets: Record<string, string>): Map<string, IdentityProvider> {
  const map = new Map<string, IdentityProvider>([[reviewQueue.name, reviewQueue]]);
  for (const [name, secret] of Object.entries(secrets))
    if (name !== reviewQueue.name) map.set(name, new SignedWebhookProvider(name, secret));
  return map;
}

/** The provider that may send decisions by webhook under `name` (404 for the queue or an unknown name). */
export function webhookProvider(
  providers: Map<string, IdentityProvider>,
  name: string,
): Required<IdentityProvider> {
  const p = providers.get(name);
  if (!p?.readDecision) throw notFound('Unknown identity provider.');
  return p as Required<IdentityProvider>;
}
