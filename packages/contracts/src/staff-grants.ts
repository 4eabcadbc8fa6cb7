import type { ApprovalKind } from './approval-kinds';

/**
 * Staff roles and what they may do (decision 0042), without zod so the web app's frame can read it.
 * The spec's `admin` is the owner; a staff account holds one or more roles. Every admin route names the area it
 * belongs to (its `permission`, in the route's config: the route table is the one place that says it); a role
 * grants an area for reading (GET) or for everything. Least privilege: a role gets only the areas its job needs.
 */
export const staffRoles = ['owner', 'finance', 'support', 'content', 'compliance'] as const;
/** A staff role (its zod form, `StaffRole`, is in staff.ts). */
export type StaffRoleName = (typeof staffRoles)[number];

export const staffAreas = [
  /** The back-office frame: counters, queue counts, the setup checklist, settings read, sign-out. */
  'dashboard',
  /** Money: deposits, withdrawals, payouts, sweeps, balance edits, manual transactions, codes, salary, CTO. */
  'money',
  /** Second-admin decisions (each approval's own kind is checked again: approvalArea). */
  'approvals',
  /** Members: the lists and records (no money fields). */
  'members',
  /** Member tickets and support messages. */
  'tickets',
  /** Notifications to members. */
  'notify',
  /** Videos, news, banners, achievers, home page content. */
  'content',
  /** The economic settings: fees, plans, levels, bonus and reward plans, token price and contract, chains. */
  'settings',
  /** The audit trail and risk signals. */
  'audit',
  /**
   * Compliance decisions (decisions 0074-0076): identity reviews and their documents, sanctions hits, held income, member flags.
   * Only owners and compliance officers hold it: identity documents are shown to no other role.
   */
  'compliance',
  /** Staff management and owner-only actions (deleting a member, the mail outbox). */
  'staff',
] as const;
/** An area of the back-office (its zod form, `StaffArea`, is in staff.ts). */
export type StaffAreaName = (typeof staffAreas)[number];

/** 'read': GET only; 'write': every method. */
export type Grant = 'read' | 'write';

const everything = (grant: Grant, except: readonly StaffAreaName[] = []) =>
  Object.fromEntries(staffAreas.filter((a) => !except.includes(a)).map((a) => [a, grant])) as Partial<
    Record<StaffAreaName, Grant>
  >;

/** What each role grants. */
export const roleGrants: Record<StaffRoleName, Partial<Record<StaffAreaName, Grant>>> = {
  owner: everything('write'),
  finance: { dashboard: 'write', money: 'write', approvals: 'write', members: 'read' },
  support: { dashboard: 'write', members: 'write', tickets: 'write', notify: 'write' },
  content: { dashboard: 'write', content: 'write', notify: 'write' },
  // Read-only on everything (staff management aside), with the audit trail and risk signals; decides compliance.
  compliance: { ...everything('read', ['staff']), dashboard: 'write', compliance: 'write' },
};

/** The grant a method needs: reading for GET and HEAD, writing otherwise. */
export const grantFor = (method: string): Grant => (method === 'GET' || method === 'HEAD' ? 'read' : 'write');

/** May a staff member holding `roles` use `area` with `grant`? */
export function staffMay(roles: readonly StaffRoleName[], area: StaffAreaName, grant: Grant): boolean {
  return roles.some((role) => {
    const given = roleGrants[role][area];
    return given === 'write' || (given === 'read' && grant === 'read');
  });
}

/** The area whose holders may decide an approval of this kind (the second admin must be allowed to). */
export const approvalArea: Record<ApprovalKind, StaffAreaName> = {
  withdrawal: 'money',
  debit: 'money',
  transaction: 'money',
  transaction_edit: 'money',
  balance_edit: 'money',
  deposit: 'money',
  codes: 'money',
  settings: 'settings',
  chain_settings: 'settings',
  deposit_address: 'settings',
  token_price: 'settings',
  plan: 'settings',
  sanctions_release: 'compliance',
};
