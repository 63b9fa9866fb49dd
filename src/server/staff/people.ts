import { randomUUID } from 'node:crypto';
import messages from '#content/staff-messages.json';
import { isoAt, type Clock } from '../clock';
import { newLinkHash, normalEmail } from '../crypto/secrets';
import type { Storage } from '../db';
import { queueMail } from '../db/outbox';
import { heldStatements, releaseDetails, releaseReview } from '../db/reviews';
import {
  addRole,
  deleteSessionsOf,
  endAccess,
  hasOpenLink,
  holdersOf,
  insertInvitation,
  insertStaff,
  passkeysOf,
  revokeStaff,
  rolesOf,
  setRoles,
  staffByEmail,
  staffById,
} from '../db/staff';
import type { StaffLinkKind, StaffLinkMailKind } from '../db/types';
import type { PasskeyNoticeFacts } from '../mail/compose';
import { staffMailEntry } from '../mail/orders';
import { DomainError } from '../domain-errors';
import { appendAudit } from './audit';
import { heldSealer } from '../statements/period-keys';
import { isRole, ROLES, type Role } from './roles';

type Trx = Storage['db'];

/** docs/decisions/staff.md#people-and-roles: a link works once, for 24 hours. */
const LINK_TTL_MS = 24 * 60 * 60_000;
/** The panel's page each link opens; the token rides in the fragment. */
const LINK_PAGES: Record<StaffLinkKind, string> = {
  invitation: '/panel/zaproszenie',
  recovery: '/panel/odzyskiwanie',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** How the panel's calls send staff mail: sealed with the statements key; links to the panel's origin. */
export interface StaffMail {
  /** The keys folder (storage.keysDir): the message is sealed with the open family's key (mail/orders.ts). */
  keysDir: string;
  /** The panel's origin (PANEL_HOST's, else PUBLIC_URL's): where the link opens. */
  origin: string;
}

/** A new one-time link of the person's: its path, with the token in the fragment. */
async function newLink(trx: Trx, clock: Clock, staffId: string, kind: StaffLinkKind): Promise<string> {
  const { hash: token, digest } = newLinkHash();
  await insertInvitation(trx, {
    token_digest: digest,
    staff_id: staffId,
    expires_at: isoAt(clock.real() + LINK_TTL_MS),
    kind,
  });
  return `${LINK_PAGES[kind]}#${token}`;
}

/** Queues a link's mail to the person, in the transaction that made the link. */
async function mailLink(
  trx: Trx,
  clock: Clock,
  mail: StaffMail,
  person: { email: string; roles: string[] },
  kind: StaffLinkMailKind,
  path: string,
) {
  const facts = { kind, url: new URL(path, mail.origin).href, roles: person.roles };
  await queueStaffMail(trx, clock, mail, person.email, facts);
}

/**
 * docs/decisions/staff.md#passkey-notice: tells the person that a passkey was added to or removed from their
 * account, in the transaction that did it.
 */
export const mailPasskeyNotice = (
  trx: Trx,
  clock: Clock,
  mail: StaffMail,
  to: string,
  change: PasskeyNoticeFacts['change'],
) => queueStaffMail(trx, clock, mail, to, { kind: 'passkey-changed', change, at: isoAt(clock.real()) });

async function queueStaffMail(
  trx: Trx,
  clock: Clock,
  mail: StaffMail,
  to: string,
  facts: Parameters<typeof staffMailEntry>[2],
) {
  const clocks = { campaignMs: clock.campaign(), realMs: clock.real() };
  await queueMail(trx, [staffMailEntry(await heldSealer(trx, mail.keysDir, 'open'), to, facts, clocks)]);
}

/** docs/decisions/staff.md#own-roles: nobody gives themself roles, or changes them. */
function notOneself(staffId: string, actor: string) {
  if (staffId === actor) throw new DomainError('not-allowed', messages.ownRoles);
}

/**
 * Invites a person with a role (docs/decisions/staff.md#people-and-roles): a new person, or the role added
 * to an existing one (whose sessions then end, as with any change of roles). Only someone with no passkey
 * and no link still open (new, revoked, or whose invitation ended unused) also gets a one-time link to
 * register one: e-mailed to them when an admin invites in the panel (`mail`), else for the operator's
 * `staff-invite` to print. Nobody else's
 * link ever adds a passkey to an account, and nobody invites themself.
 */
export async function invite(
  storage: Storage,
  clock: Clock,
  { email, role, actor }: { email: string; role: string; actor: string },
  mail?: StaffMail,
): Promise<{ email: string; role: Role; link?: string; mailed?: true }> {
  const address = normalEmail(email);
  if (!EMAIL.test(address) || address.length > 320) throw new DomainError('invalid', messages.emailInvalid);
  if (!isRole(role)) throw new DomainError('invalid', messages.roleInvalid);
  const nowMs = clock.real();
  return storage.db.transaction().execute(async (trx) => {
    let person = await staffByEmail(trx, address);
    if (person) notOneself(person.id, actor);
    else {
      person = { id: randomUUID(), email: address, created_at: isoAt(nowMs), last_login_at: null };
      await insertStaff(trx, person);
    }
    const before = await rolesOf(trx, person.id);
    if (!before.includes(role)) {
      await addRole(trx, person.id, role);
      await deleteSessionsOf(trx, person.id);
    }
    const roles = [...new Set([...before, role])].sort();
    // docs/decisions/staff.md#people-and-roles: only someone with no passkey and no link still open (new,
    // revoked, or whose invitation ended unused) gets a link.
    const link =
      (await passkeysOf(trx, person.id)).length === 0 && !(await hasOpenLink(trx, person.id, isoAt(nowMs)))
        ? await newLink(trx, clock, person.id, 'invitation')
        : undefined;
    if (link && mail) await mailLink(trx, clock, mail, { email: address, roles }, 'invitation', link);
    await appendAudit(trx, storage, clock, {
      actor,
      action: 'invitation',
      subject: person.id,
      details: { role, roles, ...(link ? { link: mail ? 'mailed' : 'printed' } : {}) },
    });
    if (!link) return { email: address, role };
    return mail ? { email: address, role, mailed: true } : { email: address, role, link };
  });
}

/**
 * docs/decisions/staff.md#reset: 'Zresetuj dostęp'. Every passkey, session and open link of the person
 * ends, and a one-time recovery link is made, in one transaction: e-mailed to them alone when an admin resets
 * in the panel (`mail`), else for the operator's `staff-reset` to print. Not one's own.
 */
export async function resetAccess(
  storage: Storage,
  clock: Clock,
  { staffId, actor }: { staffId: string; actor: string },
  mail?: StaffMail,
): Promise<{ email: string; link?: string }> {
  if (staffId === actor) throw new DomainError('not-allowed', messages.ownReset);
  return storage.db.transaction().execute(async (trx) => {
    const person = await staffById(trx, staffId);
    const roles = person ? await rolesOf(trx, staffId) : [];
    // A revoked person (no role left) is no longer on the team: an invitation brings them back.
    if (!person || roles.length === 0) throw new DomainError('not-found', messages.personUnknown);
    const { passkeys, sessions } = await endAccess(trx, staffId);
    const link = await newLink(trx, clock, staffId, 'recovery');
    if (mail) await mailLink(trx, clock, mail, { email: person.email, roles }, 'staff-recovery', link);
    await appendAudit(trx, storage, clock, {
      actor,
      action: 'access-reset',
      subject: staffId,
      details: { passkeys, sessions, link: mail ? 'mailed' : 'printed' },
    });
    return mail ? { email: person.email } : { email: person.email, link };
  });
}

/**
 * An admin's change of someone else's roles (docs/decisions/staff.md#own-roles: never one's own): their
 * sessions end at once; the last admin keeps theirs.
 */
export async function changeRoles(
  storage: Storage,
  clock: Clock,
  { staffId, roles, actor }: { staffId: string; roles: unknown; actor: string },
): Promise<{ id: string; email: string; roles: Role[] }> {
  notOneself(staffId, actor);
  if (!Array.isArray(roles) || !roles.every(isRole)) throw new DomainError('invalid', messages.roleInvalid);
  if (roles.length === 0) throw new DomainError('invalid', messages.rolesEmpty);
  const wanted = ROLES.filter((role) => roles.includes(role));
  return storage.db.transaction().execute(async (trx) => {
    const person = await staffById(trx, staffId);
    if (!person) throw new DomainError('not-found', messages.personUnknown);
    const before = await rolesOf(trx, staffId);
    await leaveAnAdmin(trx, staffId, wanted);
    await setRoles(trx, staffId, wanted);
    await deleteSessionsOf(trx, staffId);
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
    if (!person) throw new DomainError('not-found', messages.personUnknown);
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
async function leaveAnAdmin(trx: Trx, staffId: string, rolesAfter: readonly Role[]) {
  if (rolesAfter.includes('admin')) return;
  const admins = await holdersOf(trx, 'admin');
  if (admins.length === 1 && admins[0] === staffId) throw new DomainError('conflict', messages.lastAdmin);
}
