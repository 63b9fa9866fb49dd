/** docs/decisions/staff.md#people-and-roles: least privilege; one person may hold several. */
export const ROLES = ['reviewer', 'approver', 'payout', 'admin', 'auditor'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/** Who may use a panel call: nobody signed in (login, registration), anyone signed in, or these roles. */
export type Access = 'public' | 'signed-in' | readonly Role[];

export function allows(access: Access, roles: readonly string[]): boolean {
  if (access === 'public' || access === 'signed-in') return true;
  return access.some((role) => roles.includes(role));
}
