/** docs/decisions/staff.md#people-and-roles: least privilege; one person may hold several. */
export const ROLES = ['reviewer', 'approver', 'payout', 'admin', 'auditor', 'complaints'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/**
 * Who may use a panel call: nobody signed in yet (`public`: login and registration), anyone signed in, or
 * whoever holds one of these roles.
 */
export type Access = 'public' | 'signed-in' | readonly Role[];

/** Whether `access` is one of the kinds above (a route without it is never registered). */
export const isAccess = (access: unknown): access is Access =>
  access === 'public' ||
  access === 'signed-in' ||
  (Array.isArray(access) && access.length > 0 && access.every(isRole));
