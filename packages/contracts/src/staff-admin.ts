import { z } from 'zod';
import { Email, FullName, Password } from './auth';
import { StaffRole } from './staff';
import { SecondFactorCode } from './two-factor';

/** Staff management (decision 0042): `/admin/staff`, owner only; every change takes the owner's code. */
export const StaffRolesIn = z
  .array(StaffRole)
  .min(1, 'Give at least one role.')
  .max(5)
  .transform((roles) => [...new Set(roles)]);

export const StaffInviteBody = z.object({
  email: Email,
  fullname: FullName,
  roles: StaffRolesIn,
  code: SecondFactorCode,
});
export const StaffRolesBody = z.object({
  roles: StaffRolesIn,
  code: SecondFactorCode,
  reason: z.string().trim().max(500).optional(),
});
export const StaffSuspendBody = z.object({
  code: SecondFactorCode,
  reason: z.string().trim().min(3, 'Say why the account is suspended.').max(500),
});
export const StaffCodeBody = z.object({ code: SecondFactorCode });

export const StaffAction = z.object({
  id: z.number().int(),
  kind: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  created_at: z.string(),
});
export const StaffMember = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  fullname: z.string(),
  roles: z.array(StaffRole),
  suspended_at: z.string().nullable(),
  last_login: z.string().nullable(),
  two_factor_on: z.boolean(),
  /** The newest audit entries the staff member wrote. */
  recent_actions: z.array(StaffAction),
});
export type StaffMember = z.infer<typeof StaffMember>;
export const StaffInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  fullname: z.string(),
  roles: z.array(StaffRole),
  invited_by: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
});
export const StaffListResponse = z.object({
  staff: z.array(StaffMember),
  /** Invitations not used, not expired, not replaced. */
  invitations: z.array(StaffInvitation),
});
export const StaffMemberResponse = z.object({ message: z.string(), staff: StaffMember });
export const StaffInvitationResponse = z.object({ message: z.string(), invitation: StaffInvitation });

/** Public: what an invitation link is for, before the person sets a password. */
export const InvitationTokenParam = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
export const InvitationView = z.object({
  email: z.string(),
  fullname: z.string(),
  roles: z.array(StaffRole),
  expires_at: z.string(),
});
export const AcceptInvitationBody = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This invitation link is not valid.'),
  password: Password,
});
