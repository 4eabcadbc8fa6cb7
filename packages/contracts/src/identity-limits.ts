import { z } from 'zod';
import { Settings } from './settings';

/**
 * The identity levels' limits as a member sees them (decision 0073): GET /identity/limits, the member's level, each
 * limit of their level with what is used in its window and what remains, and the next level's limits; and the
 * country of residence (registration, or once from the profile: PUT /identity/country).
 */
export const identityLimitKeys = [
  'depositDay',
  'withdrawalDay',
  'withdrawalMonth',
  'largestPlan',
  'transferDay',
] as const;
export type IdentityLimitKey = (typeof identityLimitKeys)[number];

/** The action each limit stops and its window ('plan': the plan held, no time window). */
export const identityLimitOf: Record<
  IdentityLimitKey,
  { action: IdentityLimitAction; window: IdentityLimitWindow }
> = {
  depositDay: { action: 'deposit', window: 'day' },
  withdrawalDay: { action: 'withdrawal', window: 'day' },
  withdrawalMonth: { action: 'withdrawal', window: 'month' },
  largestPlan: { action: 'plan', window: 'plan' },
  transferDay: { action: 'transfer', window: 'day' },
};
export const identityLimitActions = ['deposit', 'withdrawal', 'transfer', 'plan'] as const;
export type IdentityLimitAction = (typeof identityLimitActions)[number];
export type IdentityLimitWindow = 'day' | 'month' | 'plan';

/** One limit of the member's level: null limit and remaining when the level has none. */
export const IdentityLimitUse = z.object({
  key: z.enum(identityLimitKeys),
  action: z.enum(identityLimitActions),
  window: z.enum(['day', 'month', 'plan']),
  limit: z.string().nullable(),
  used: z.string(),
  remaining: z.string().nullable(),
});
export type IdentityLimitUse = z.infer<typeof IdentityLimitUse>;

export const IdentityLimitsResponse = z.object({
  level: z.number().int(),
  country: z.string().nullable(),
  limits: z.array(IdentityLimitUse),
  /** The next level and its limits (null: no limit), or null at the highest level. */
  next: z.object({ level: z.number().int(), limits: Settings.shape.identityLevels.element }).nullable(),
});
export type IdentityLimitsResponse = z.infer<typeof IdentityLimitsResponse>;

/** A country of residence, ISO 3166-1 alpha-2 (upper-cased as sent). */
export const ResidenceCountry = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, 'Choose your country of residence.'));

export const SetCountryBody = z.object({ country: ResidenceCountry });
export type SetCountryBody = z.input<typeof SetCountryBody>;
export const SetCountryResponse = z.object({ message: z.string(), country: z.string() });
