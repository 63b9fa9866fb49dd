import { randomUUID } from 'node:crypto';
import messages from '#content/staff-messages.json';
import { isoAt, type Clock } from '../clock';
import { newLinkHash, normalEmail } from '../crypto/secrets';
import type { Storage } from '../db';
import { heldStatements, releaseDetails, releaseReview } from '../db/reviews';
import {
  addRole,
  deleteSessionsOf,
  holdersOf,
  insertInvitation,
  insertStaff,
  revokeStaff,
  rolesOf,
  setRoles,
  staffByEmail,
  staffById,
} from '../db/staff';
import { ApiProblem } from '../plugins/error-mapping';
import { appendAudit } from './audit';
import { isRole, ROLES, type Role } from './roles';

/** docs/decisions/staff.md#people-and-roles: an invitation link works once, for 24 hours. */
const INVITATION_TTL_MS = 24 * 60 * 60_000;
const invitationPath = (token: string) => `/panel/zaproszenie#${token}`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Invites a person with a role: a new account, or the role added to an existing one (whose sessions then
 * end, as with any change of roles). Either way a one-time link to register a passkey: for an existing
 * person, another passkey, which is how one who lost every passkey gets back in.
 */
export async function invite(
  storage: Storage,
  clock: Clock,
  { email, role, actor }: { email: string; role: string; actor: string },
): Promise<{ email: string; role: Role; link: string }> {
  const address = normalEmail(email);
  if (!EMAIL.test(address) || address.length > 320) throw new ApiProblem(400, messages.emailInvalid);
  if (!isRole(role)) throw new ApiProblem(400, messages.roleInvalid);
  const { hash: token, digest } = newLinkHash();
  const nowMs = clock.real();
  await storage.db.transaction().execute(async (trx) => {
    let person = await staffByEmail(trx, address);
    if (!person) {
      person = { id: randomUUID(), email: address, created_at: isoAt(nowMs), last_login_at: null };
      await insertStaff(trx, person);
    }
    const before = await rolesOf(trx, person.id);
    if (!before.includes(role)) {
      await addRole(trx, person.id, role);
      await deleteSessionsOf(trx, person.id);
    }
    await insertInvitation(trx, {
      token_digest: digest,
      staff_id: person.id,
      expires_at: isoAt(nowMs + INVITATION_TTL_MS),
    });
    await appendAudit(trx, storage, clock, {
      actor,
      action: 'invitation',
      subject: person.id,
      details: { role, roles: [...new Set([...before, role])].sort() },
    });
  });
  return { email: address, role, link: invitationPath(token) };
}

/**
 * An admin's change of someone's roles: their sessions end at once; the last admin keeps theirs.
 * docs/decisions/staff.md#own-roles: an admin changing their own roles keeps the session they did it from
 * (`keepSession`, its token digest), so they go on working with the roles saved; their other sessions end.
 */
export async function changeRoles(
  storage: Storage,
  clock: Clock,
  {
    staffId,
    roles,
    actor,
    keepSession,
  }: { staffId: string; roles: unknown; actor: string; keepSession?: string },
): Promise<{ id: string; email: string; roles: Role[] }> {
  if (!Array.isArray(roles) || !roles.every(isRole)) throw new ApiProblem(400, messages.roleInvalid);
  if (roles.length === 0) throw new ApiProblem(400, messages.rolesEmpty);
  const wanted = ROLES.filter((role) => roles.includes(role));
  return storage.db.transaction().execute(async (trx) => {
    const person = await staffById(trx, staffId);
    if (!person) throw new ApiProblem(404, messages.personUnknown);
    const before = await rolesOf(trx, staffId);
    await leaveAnAdmin(trx, staffId, wanted);
    await setRoles(trx, staffId, wanted);
    await deleteSessionsOf(trx, staffId, staffId === actor ? keepSession : undefined);
    await appendAudit(trx, storage, clock, {
      actor,
      action: 'roles-changed',
      subject: staffId,
      details: { before, after: [...wanted] },
    });
    return { id: staffId, email: person.email, roles: [...wanted] };
  });
}

/** Revocation: roles, passkeys, invitations and sessions go; the row stays for the audit trail. */
export async function revoke(
  storage: Storage,
  clock: Clock,
  { staffId, actor }: { staffId: string; actor: string },
): Promise<void> {
  await storage.db.transaction().execute(async (trx) => {
    const person = await staffById(trx, staffId);
    if (!person) throw new ApiProblem(404, messages.personUnknown);
    await leaveAnAdmin(trx, staffId, []);
    const before = await rolesOf(trx, staffId);
    await revokeStaff(trx, staffId);
    await appendAudit(trx, storage, clock, {
      actor,
      action: 'revoked',
      subject: staffId,
      details: { before },
    });
    // docs/decisions/review.md#release: what the person held goes back to the queue, or nobody could decide it.
    for (const held of await heldStatements(trx, staffId)) {
      await releaseReview(trx, held.statement_id, staffId);
      await appendAudit(trx, storage, clock, {
        actor,
        action: 'statement-released',
        subject: held.statement_id,
        details: releaseDetails(staffId, held),
      });
    }
  });
}

/** The panel always keeps an admin: who would invite the next one? */
async function leaveAnAdmin(trx: Storage['db'], staffId: string, rolesAfter: readonly Role[]) {
  if (rolesAfter.includes('admin')) return;
  const admins = await holdersOf(trx, 'admin');
  if (admins.length === 1 && admins[0] === staffId) throw new ApiProblem(409, messages.lastAdmin);
}
