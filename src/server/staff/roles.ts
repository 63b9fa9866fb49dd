import type { Access } from '#shared/panel-api/access.ts';

// The roles are declared once, in src/shared (the panel lists them too); the staff rules read them here.
export { isRole, ROLES, type Access, type Role } from '#shared/panel-api/access.ts';

export function allows(access: Access, roles: readonly string[]): boolean {
  if (access === 'public' || access === 'signed-in') return true;
  return access.some((role) => roles.includes(role));
}
