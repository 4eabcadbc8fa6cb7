import { z } from 'zod';
import { staffAreas, staffRoles } from './staff-grants';

export {
  approvalArea,
  type Grant,
  grantFor,
  roleGrants,
  type StaffAreaName,
  type StaffRoleName,
  staffAreas,
  staffMay,
  staffRoles,
} from './staff-grants';

/** The zod forms of the staff roles and areas (decision 0042); the grants are in staff-grants.ts. */
export const StaffRole = z.enum(staffRoles);
export type StaffRole = z.infer<typeof StaffRole>;
export const StaffArea = z.enum(staffAreas);
export type StaffArea = z.infer<typeof StaffArea>;
