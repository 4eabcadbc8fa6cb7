import type { Grant, StaffAreaName } from '@sgx/contracts/staff-grants';
import { createContext, useContext } from 'react';

/** Whether the signed-in staff member's roles grant `area` with `grant` (decision 0042). */
export type StaffCheck = (area: StaffAreaName, grant: Grant) => boolean;

/**
 * Provided by the back-office frame (AdminShell) from the session's roles; null anywhere else. Shared pieces
 * (tables, a withdrawal's row) ask it without loading the role table into the member app.
 */
export const StaffAccess = createContext<StaffCheck | null>(null);

/** The back-office's role check, or null outside the back-office (a member's screens). */
export function useStaffCheck(): StaffCheck | null {
  return useContext(StaffAccess);
}

/**
 * May the signed-in staff member use `area` with `grant` (default: change things)? Staff roles do not apply to a
 * member: shared pieces (a withdrawal's row, a member's own cancel) follow the member's own rules, so a member is
 * never refused here.
 */
export function useStaffMay(area: StaffAreaName, grant: Grant = 'write'): boolean {
  const check = useStaffCheck();
  return check === null || check(area, grant);
}

/** A table's columns without those whose controls change an area the staff member may only read (0042). */
export function useStaffColumns<C extends { writeArea?: StaffAreaName }>(
  columns: readonly C[],
): readonly C[] {
  const check = useStaffCheck();
  if (check === null) return columns;
  return columns.filter((c) => c.writeArea === undefined || check(c.writeArea, 'write'));
}
