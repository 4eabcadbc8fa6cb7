import { z } from 'zod';
import { IdIn } from './common';

/**
 * Identity verification (decision 0074): a member's submissions per level (1: identity, 2: proof of
 * address), the compliance review queue, and an identity provider's signed decision.
 */
export const identityLevelsSubmittable = [1, 2] as const;
export const IdentitySubmissionState = z.enum(['submitted', 'approved', 'rejected', 'rejection_pending']);
export type IdentitySubmissionState = z.infer<typeof IdentitySubmissionState>;
export const IdentityDocumentKind = z.enum(['id_document', 'selfie', 'address_proof']);
export type IdentityDocumentKind = z.infer<typeof IdentityDocumentKind>;

/** Largest document file accepted (8 MB). */
export const IDENTITY_DOCUMENT_MAX_BYTES = 8 * 1024 * 1024;
/** Members must be at least this old at level 1. */
export const IDENTITY_MIN_AGE = 18;

/** What the member sees of a level: a level-2 rejection awaiting its second look is still "submitted" to them. */
export const IdentityLevelView = z.object({
  level: z.number().int(),
  state: z.enum(['not_started', 'submitted', 'approved', 'rejected']),
  /** The reason of the last rejection, while it is the last decision. */
  reason: z.string().nullable(),
  submitted_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** May the member send (again) now: not submitted nor approved, and (level 2) level 1 approved. */
  can_submit: z.boolean(),
});
export type IdentityLevelView = z.infer<typeof IdentityLevelView>;
export const IdentityStatusResponse = z.object({
  identity_level: z.number().int(),
  country: z.string().nullable(),
  levels: z.array(IdentityLevelView),
});
export type IdentityStatusResponse = z.infer<typeof IdentityStatusResponse>;

const countryCode = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, 'Choose your country.'));

/** Level 1's text fields (the two images come as the form's files `document` and `selfie`). */
export const IdentityLevel1Fields = z.object({
  legal_name: z
    .string({ error: 'Enter your legal name as on your document.' })
    .trim()
    .min(2, 'Enter your legal name as on your document.')
    .max(200, 'Enter at most 200 characters.'),
  date_of_birth: z
    .string({ error: 'Enter your date of birth.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter your date of birth.'),
  country: countryCode,
});
export type IdentityLevel1Fields = z.infer<typeof IdentityLevel1Fields>;

/** Level 2's text fields (the proof comes as the form's file `proof`). */
export const IdentityLevel2Fields = z.object({
  address_line1: z
    .string({ error: 'Enter your address.' })
    .trim()
    .min(3, 'Enter your address.')
    .max(200, 'Enter at most 200 characters.'),
  address_line2: z
    .string()
    .trim()
    .max(200, 'Enter at most 200 characters.')
    .optional()
    .transform((v) => (v ? v : undefined)),
  city: z.string({ error: 'Enter your city.' }).trim().min(1, 'Enter your city.').max(100),
  postal_code: z
    .string()
    .trim()
    .max(20, 'Enter at most 20 characters.')
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type IdentityLevel2Fields = z.infer<typeof IdentityLevel2Fields>;

export const IdentitySubmittedResponse = z.object({ message: z.string(), submission_id: z.number().int() });

// ---- the compliance review queue

export const IdentityQueueQuery = z.object({
  /** 'open' (submitted and rejection_pending, the default), or one state. */
  state: z.enum(['open', 'submitted', 'rejection_pending', 'approved', 'rejected']).default('open'),
  /** Submissions after this id (the last one of the page before); oldest first. */
  after: IdIn.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const IdentityQueueItem = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  username: z.string(),
  level: z.number().int(),
  state: IdentitySubmissionState,
  provider: z.string(),
  submitted_at: z.string(),
  reviewer_id: z.number().int().nullable(),
});
export type IdentityQueueItem = z.infer<typeof IdentityQueueItem>;
export const IdentityQueueResponse = z.object({
  submissions: z.array(IdentityQueueItem),
  /** The `after` of the next page, or null at the end. */
  next: z.number().int().nullable(),
});

export const IdentityDocumentMeta = z.object({
  id: z.number().int(),
  kind: IdentityDocumentKind,
  mime: z.string(),
  size: z.number().int(),
  /** Set once the retention period deleted the file (its metadata stays). */
  deleted_at: z.string().nullable(),
});
export const IdentitySubmissionDetail = IdentityQueueItem.extend({
  fullname: z.string(),
  email: z.string(),
  member_country: z.string().nullable(),
  identity_level: z.number().int(),
  legal_name: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  country: z.string().nullable(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  reason: z.string().nullable(),
  reviewer_name: z.string().nullable(),
  second_reviewer_id: z.number().int().nullable(),
  reviewed_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  documents_deleted_at: z.string().nullable(),
  documents: z.array(IdentityDocumentMeta),
});
export type IdentitySubmissionDetail = z.infer<typeof IdentitySubmissionDetail>;
export const IdentitySubmissionResponse = z.object({ submission: IdentitySubmissionDetail });
export const IdentityDocumentParams = z.object({ id: IdIn, docId: IdIn });

export const IdentityRejectBody = z.object({
  reason: z
    .string({ error: 'Say why it is rejected: the member reads it.' })
    .trim()
    .min(3, 'Say why it is rejected: the member reads it.')
    .max(1000, 'Enter at most 1000 characters.'),
});
export const IdentitySecondLookBody = z.object({
  /** 'confirm' keeps the rejection; 'overturn' approves the level. */
  decision: z.enum(['confirm', 'overturn']),
});
export const IdentityDecisionResponse = z.object({
  message: z.string(),
  state: IdentitySubmissionState,
});

// ---- an identity provider's signed decision (docs/identity.md)

export const IdentityProviderParam = z.object({
  name: z.string().regex(/^[a-z0-9_]{1,40}$/, 'Unknown identity provider.'),
});
export const IdentityProviderEvent = z.object({
  /** The provider's id of this event: the same id twice is applied once. */
  event_id: z.string().min(1).max(200),
  /** The member's id on this platform (the reference the operator gave the provider). */
  member: z.union([z.string(), z.number()]).transform((v) => String(v)),
  level: z.union([z.literal(1), z.literal(2)]),
  decision: z.enum(['approved', 'rejected']),
  reason: z.string().trim().min(1).max(1000).optional(),
});
export type IdentityProviderEvent = z.infer<typeof IdentityProviderEvent>;
export const IdentityProviderResponse = z.object({
  message: z.string(),
  state: IdentitySubmissionState,
  duplicate: z.boolean(),
});
