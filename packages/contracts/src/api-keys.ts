import { z } from 'zod';
import { type Grant, type StaffAreaName, type StaffRoleName, staffAreas, staffMay } from './staff-grants';
import { SecondFactorCode } from './two-factor';

/**
 * API keys (decision 0071). A staff key's scopes are the staff areas of staff-grants.ts with a grant,
 * `<area>:read` (GET) or `<area>:write` (every method, reading included): a route's `permission` and its method
 * (grantFor) are the scope it needs, so the route table stays the one place that says who may call what. A member's
 * key has one scope, `account:read`: the member's own GET routes.
 */
export const API_KEY_PREFIX = 'sgx_';
export const MEMBER_KEY_SCOPE = 'account:read';

/**
 * The areas a key may be given: every staff area but `staff` (staff management and the owner-only actions, such as
 * deleting a member and the webhook endpoints), which stays with a person.
 */
export type KeyArea = Exclude<StaffAreaName, 'staff'>;
export const keyAreas = staffAreas.filter((a): a is KeyArea => a !== 'staff');
export const staffScopes = keyAreas.flatMap((a) => [`${a}:read`, `${a}:write`] as const) as [
  `${KeyArea}:${Grant}`,
  ...`${KeyArea}:${Grant}`[],
];
export type StaffScope = `${KeyArea}:${Grant}`;

/** Does a key holding `scopes` cover `area` for `grant`? `write` covers reading too, as a role's grant does. */
export function scopesAllow(scopes: readonly string[], area: StaffAreaName, grant: Grant): boolean {
  return scopes.includes(`${area}:write`) || (grant === 'read' && scopes.includes(`${area}:read`));
}

/** The scopes a staff member holding `roles` may give a key: what their roles grant, area by area. */
export function grantableScopes(roles: readonly StaffRoleName[]): StaffScope[] {
  return keyAreas.flatMap((area) =>
    (['read', 'write'] as const)
      .filter((g) => staffMay(roles, area, g))
      .map((g) => `${area}:${g}` as StaffScope),
  );
}

/** The area and grant of a scope, or null when the text is none. */
export function scopeParts(scope: string): { area: StaffAreaName; grant: Grant } | null {
  const [area, grant] = scope.split(':');
  if (!keyAreas.includes(area as KeyArea) || (grant !== 'read' && grant !== 'write')) return null;
  return { area: area as StaffAreaName, grant };
}

const NETWORK = /^[0-9A-Fa-f:.]{2,45}(\/\d{1,3})?$/;

const KeyName = z.string().trim().min(1, 'Give the key a name.').max(80);
const Networks = z
  .array(
    z
      .string()
      .trim()
      .regex(NETWORK, 'Enter each network as an address or CIDR, e.g. 203.0.113.0/24 or 2001:db8::/32.'),
  )
  .max(20)
  .default([]);
const ExpiresAt = z.iso
  .datetime({ offset: true, message: 'Enter a valid date and time.' })
  .nullable()
  .optional();

export const StaffApiKeyBody = z.object({
  name: KeyName,
  scopes: z
    .array(z.enum(staffScopes))
    .min(1, 'Choose at least one scope.')
    .max(staffScopes.length)
    .transform((s) => [...new Set(s)]),
  expires_at: ExpiresAt,
  networks: Networks,
  rate_limit: z.number().int().min(1).max(6000).optional(),
  code: SecondFactorCode,
});
export type StaffApiKeyBody = z.input<typeof StaffApiKeyBody>;

export const MemberApiKeyBody = z.object({
  name: KeyName,
  expires_at: ExpiresAt,
  networks: Networks,
  code: SecondFactorCode,
});
export type MemberApiKeyBody = z.input<typeof MemberApiKeyBody>;

export const ApiKey = z.object({
  id: z.number().int(),
  kind: z.enum(['staff', 'member']),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  networks: z.array(z.string()),
  rate_limit: z.number().int(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  /** The creator (the owner's listing shows every staff key). */
  user_id: z.number().int(),
  username: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyListResponse = z.object({
  keys: z.array(ApiKey),
  /** The scopes the caller may give a new key (staff: their roles' grants; member: account:read). */
  grantable: z.array(z.string()),
});
export type ApiKeyListResponse = z.infer<typeof ApiKeyListResponse>;

export const ApiKeyCreatedResponse = z.object({
  message: z.string(),
  key: ApiKey,
  /** The whole secret, shown this once: only its hash is kept. */
  secret: z.string(),
});
export type ApiKeyCreatedResponse = z.infer<typeof ApiKeyCreatedResponse>;

export const ApiKeyResponse = z.object({ message: z.string(), key: ApiKey });
export type ApiKeyResponse = z.infer<typeof ApiKeyResponse>;
