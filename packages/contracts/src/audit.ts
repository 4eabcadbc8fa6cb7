import { z } from 'zod';

/**
 * The audit trail (decision 0042): every admin action as it was written, searchable by who did it
 * (actor), on whom (member), what (kind: an entity such as `withdrawal`, or one action such as
 * `withdrawal.decline`), which record (`withdrawal:17`) and when, newest first, paged by a cursor.
 */
const idText = z.coerce.number().int().min(1);
/**
 * Who, as people name them (decision 0054): a username or e-mail in any letter case, or an account number (`17` or
 * `#17`). The server finds the account; one it cannot find is a 400 naming the field.
 */
const accountText = z
  .string()
  .trim()
  .min(1, 'Enter a username, e-mail or account number.')
  .max(254, 'Enter a username, e-mail or account number.');
const dateText = z.string().date({ message: 'Enter a date as YYYY-MM-DD.' });
export const AuditQuery = z
  .object({
    actor: accountText.optional(),
    member: accountText.optional(),
    kind: z
      .string()
      .trim()
      .regex(/^[a-z_]+(\.[a-z_]+)*$/, 'A kind is an entity (withdrawal) or an action (withdrawal.decline).')
      .max(80)
      .optional(),
    record: z
      .string()
      .trim()
      .regex(/^[a-z_]+:[A-Za-z0-9_-]{1,100}$/, 'A record is entity:id, e.g. withdrawal:17.')
      .optional(),
    from: dateText.optional(),
    to: dateText.optional(),
    cursor: idText.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'The start date is after the end date.',
    path: ['from'],
  });
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEntry = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  member_id: z.number().int().nullable(),
  member_name: z.string().nullable(),
  kind: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  approval_id: z.number().int().nullable(),
  approved_by: z.number().int().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditResponse = z.object({
  entries: z.array(AuditEntry),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.number().int().nullable(),
});
export type AuditResponse = z.infer<typeof AuditResponse>;
