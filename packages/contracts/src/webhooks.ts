import { z } from 'zod';
import { IdIn } from './common';
import { SecondFactorCode } from './two-factor';

/**
 * Signed webhooks (decision 0072): `/admin/webhooks`, owners only. The signing secret is in an answer once, when
 * it is made (create, rotate); no other answer carries it.
 */
export const webhookEventTypes = [
  'member.registered',
  'deposit.credited',
  'deposit.held',
  'withdrawal.requested',
  'withdrawal.approved',
  'withdrawal.paid',
  'withdrawal.failed',
  'payout_batch.paid',
  'plan.activated',
  'approval.waiting',
  'ticket.opened',
  'proof.published',
  'solvency.warning',
  'identity.approved',
  'identity.rejected',
] as const;
export const WebhookEventType = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof WebhookEventType>;
/** The event of a test ping, sent to the one endpoint asked. */
export const WEBHOOK_PING = 'ping';

const parses = (u: string) => {
  try {
    return new URL(u).protocol.startsWith('http');
  } catch {
    return false;
  }
};
export const WebhookUrl = z
  .string()
  .trim()
  .min(8, 'Enter the https address of your endpoint.')
  .max(2000, 'Enter an address of at most 2000 characters.')
  .refine(parses, { message: 'Enter a full address, e.g. https://example.com/hooks.' });

const Events = z
  .array(WebhookEventType)
  .min(1, 'Choose at least one event.')
  .transform((e) => [...new Set(e)]);
const Description = z.string().trim().max(500, 'Enter a description of at most 500 characters.');

export const WebhookCreateBody = z.object({
  url: WebhookUrl,
  events: Events,
  description: Description.default(''),
  code: SecondFactorCode,
});
export type WebhookCreateBody = z.infer<typeof WebhookCreateBody>;
export const WebhookEditBody = z.object({ events: Events, description: Description });
export type WebhookEditBody = z.infer<typeof WebhookEditBody>;
export const WebhookCodeBody = z.object({ code: SecondFactorCode });
export const WebhookDeliveryParam = z.object({ id: IdIn, deliveryId: IdIn });

export const WebhookEndpoint = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string(),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  consecutive_failures: z.number(),
  /** When the previous secret stops signing, during a rotation. */
  previous_secret_until: z.string().nullable(),
  created_at: z.string(),
  last_delivery_at: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookListResponse = z.object({
  endpoints: z.array(WebhookEndpoint),
  event_types: z.array(z.string()),
});
export type WebhookListResponse = z.infer<typeof WebhookListResponse>;
export const WebhookEndpointResponse = z.object({ message: z.string(), endpoint: WebhookEndpoint });
/** The one answer with the secret (create, rotate). */
export const WebhookSecretResponse = z.object({
  message: z.string(),
  endpoint: WebhookEndpoint,
  secret: z.string(),
});
export type WebhookSecretResponse = z.infer<typeof WebhookSecretResponse>;

export const WebhookAttempt = z.object({
  id: z.number(),
  delivery_id: z.number(),
  event_id: z.string(),
  event_type: z.string(),
  sequence: z.number(),
  attempted_at: z.string(),
  http_status: z.number().nullable(),
  latency_ms: z.number(),
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  manual: z.boolean(),
  delivery_status: z.enum(['pending', 'delivered', 'failed']),
});
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;
export const WebhookLogResponse = z.object({ attempts: z.array(WebhookAttempt) });
export type WebhookLogResponse = z.infer<typeof WebhookLogResponse>;
