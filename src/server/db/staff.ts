import type { Kysely } from 'kysely';
import type { Database, StaffInvitationTable, StaffPasskeyTable, StaffSessionTable } from './types';

// docs/decisions/staff.md#people-and-roles: the staff, their roles, invitations, passkeys, challenges and
// sessions. Functions take a Kysely or a transaction: the callers in src/server/staff group what must commit
// together (a role change and the end of the person's sessions and its audit entry).

type Db = Kysely<Database>;

export async function staffByEmail(db: Db, email: string) {
  return db.selectFrom('staff').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function staffById(db: Db, id: string) {
  return db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The e-mails of these people (the auditor reads who did what). */
export async function staffEmails(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('staff').select(['id', 'email']).where('id', 'in', ids).execute();
}

export async function insertStaff(db: Db, row: { id: string; email: string; created_at: string }) {
  await db.insertInto('staff').values(row).execute();
}

export async function rolesOf(db: Db, staffId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('staff_roles')
    .select('role')
    .where('staff_id', '=', staffId)
    .orderBy('role')
    .execute();
  return rows.map((row) => row.role);
}

/** Adds a role the person may already hold: nothing changes then. */
export async function addRole(db: Db, staffId: string, role: string) {
  await db
    .insertInto('staff_roles')
    .values({ staff_id: staffId, role })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

export async function setRoles(db: Db, staffId: string, roles: readonly string[]) {
  await db.deleteFrom('staff_roles').where('staff_id', '=', staffId).execute();
  if (roles.length > 0)
    await db
      .insertInto('staff_roles')
      .values(roles.map((role) => ({ staff_id: staffId, role })))
      .execute();
}

/** The people holding a role (the last admin may not lose it). */
export async function holdersOf(db: Db, role: string): Promise<string[]> {
  const rows = await db.selectFrom('staff_roles').select('staff_id').where('role', '=', role).execute();
  return rows.map((row) => row.staff_id);
}

/**
 * Everyone with their roles, how many passkeys they have and when their latest invitation not used ends or
 * ended (a used one is gone).
 */
export async function listStaff(db: Db) {
  const [people, roles, passkeys, invitations] = await Promise.all([
    db.selectFrom('staff').selectAll().orderBy('email').execute(),
    db.selectFrom('staff_roles').selectAll().orderBy('role').execute(),
    db
      .selectFrom('staff_passkeys')
      .select(['staff_id', (eb) => eb.fn.countAll<number | string>().as('count')])
      .groupBy('staff_id')
      .execute(),
    db
      .selectFrom('staff_invitations')
      .select(['staff_id', (eb) => eb.fn.max('expires_at').as('until')])
      .groupBy('staff_id')
      .execute(),
  ]);
  return people.map((person) => ({
    ...person,
    roles: roles.filter((row) => row.staff_id === person.id).map((row) => row.role),
    passkeys: Number(passkeys.find((row) => row.staff_id === person.id)?.count ?? 0),
    invitation_until: invitations.find((row) => row.staff_id === person.id)?.until ?? null,
  }));
}

export async function insertInvitation(db: Db, row: StaffInvitationTable) {
  await db.insertInto('staff_invitations').values(row).execute();
}

/** An invitation (or a recovery link) still open: whose it is, and which. */
export async function openInvitation(db: Db, tokenDigest: string, nowIso: string) {
  return db
    .selectFrom('staff_invitations')
    .select(['staff_id', 'kind'])
    .where('token_digest', '=', tokenDigest)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
}

/** Whether the person has a link (an invitation or a recovery link) still open. */
export async function hasOpenLink(db: Db, staffId: string, nowIso: string): Promise<boolean> {
  const row = await db
    .selectFrom('staff_invitations')
    .select('staff_id')
    .where('staff_id', '=', staffId)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Uses an invitation up: true if it was still open (two registrations with one link: one wins). The
 * person's other links go with it: none may add a second passkey (docs/decisions/staff.md#people-and-roles).
 */
export async function useInvitation(db: Db, tokenDigest: string, nowIso: string): Promise<boolean> {
  const used = await db
    .deleteFrom('staff_invitations')
    .where('token_digest', '=', tokenDigest)
    .where('expires_at', '>', nowIso)
    .returning('staff_id')
    .executeTakeFirst();
  if (used) await db.deleteFrom('staff_invitations').where('staff_id', '=', used.staff_id).execute();
  return used !== undefined;
}

/** Stores a new challenge; those asked for and never answered (expired by nowIso) are swept on the way. */
export async function insertChallenge(
  db: Db,
  row: { challenge: string; purpose: string; staff_id: string | null; expires_at: string },
  nowIso: string,
) {
  await db.deleteFrom('staff_challenges').where('expires_at', '<=', nowIso).execute();
  await db.insertInto('staff_challenges').values(row).execute();
}

/** Takes a challenge once: the row if it was there, for this purpose, and not expired. */
export async function takeChallenge(db: Db, challenge: string, purpose: string, nowIso: string) {
  const row = await db
    .deleteFrom('staff_challenges')
    .where('challenge', '=', challenge)
    .returning(['purpose', 'staff_id', 'expires_at'])
    .executeTakeFirst();
  return row && row.purpose === purpose && row.expires_at > nowIso ? row : undefined;
}

export async function insertPasskey(db: Db, row: StaffPasskeyTable) {
  await db.insertInto('staff_passkeys').values(row).execute();
}

export async function passkeyById(db: Db, id: string) {
  return db.selectFrom('staff_passkeys').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function passkeysOf(db: Db, staffId: string) {
  return db
    .selectFrom('staff_passkeys')
    .selectAll()
    .where('staff_id', '=', staffId)
    .orderBy('created_at')
    .execute();
}

export async function passkeyUsed(db: Db, id: string, counter: number, nowIso: string) {
  await db
    .updateTable('staff_passkeys')
    .set({ counter, last_used_at: nowIso })
    .where('id', '=', id)
    .execute();
}

export async function deletePasskey(db: Db, staffId: string, id: string): Promise<boolean> {
  const { numDeletedRows } = await db
    .deleteFrom('staff_passkeys')
    .where('id', '=', id)
    .where('staff_id', '=', staffId)
    .executeTakeFirst();
  return numDeletedRows > 0n;
}

export async function loggedIn(db: Db, staffId: string, nowIso: string) {
  await db.updateTable('staff').set({ last_login_at: nowIso }).where('id', '=', staffId).execute();
}

/**
 * docs/decisions/staff.md#reset: every way in that a person has ends — sessions, passkeys, open links: how
 * many of each.
 */
export async function endAccess(db: Db, staffId: string) {
  const ended = { sessions: 0, passkeys: 0, invitations: 0 };
  for (const [what, table] of [
    ['sessions', 'staff_sessions'],
    ['passkeys', 'staff_passkeys'],
    ['invitations', 'staff_invitations'],
  ] as const) {
    const { numDeletedRows } = await db.deleteFrom(table).where('staff_id', '=', staffId).executeTakeFirst();
    ended[what] = Number(numDeletedRows);
  }
  return ended;
}

/** Revocation: the person keeps their row (the audit trail names them) and loses everything else. */
export async function revokeStaff(db: Db, staffId: string) {
  await endAccess(db, staffId);
  await db.deleteFrom('staff_roles').where('staff_id', '=', staffId).execute();
}

export async function insertSession(db: Db, row: StaffSessionTable) {
  await db.insertInto('staff_sessions').values(row).execute();
}

/** A session with its person's e-mail and roles, or undefined. */
export async function sessionByDigest(db: Db, tokenDigest: string) {
  const session = await db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .select([
      'staff_sessions.token_digest',
      'staff_sessions.staff_id',
      'staff_sessions.created_at',
      'staff_sessions.last_seen_at',
      'staff_sessions.passkey_id',
      'staff_sessions.verified_at',
      'staff.email',
    ])
    .where('token_digest', '=', tokenDigest)
    .executeTakeFirst();
  return session && { ...session, roles: await rolesOf(db, session.staff_id) };
}

/** A session's last call, or its last passkey check (docs/decisions/staff.md#passkey-check). */
export async function updateSession(
  db: Db,
  tokenDigest: string,
  change: Pick<StaffSessionTable, 'last_seen_at'> | Pick<StaffSessionTable, 'verified_at'>,
) {
  await db.updateTable('staff_sessions').set(change).where('token_digest', '=', tokenDigest).execute();
}

/** A person's sessions, newest first, each with the name and day of the passkey that opened it. */
export async function sessionsOf(db: Db, staffId: string) {
  return db
    .selectFrom('staff_sessions')
    .leftJoin('staff_passkeys', 'staff_passkeys.id', 'staff_sessions.passkey_id')
    .select([
      'staff_sessions.token_digest',
      'staff_sessions.created_at',
      'staff_sessions.last_seen_at',
      'staff_sessions.passkey_id',
      'staff_passkeys.name as passkey_name',
      'staff_passkeys.created_at as passkey_created_at',
    ])
    .where('staff_sessions.staff_id', '=', staffId)
    .orderBy('staff_sessions.created_at', 'desc')
    .execute();
}

/** Ends the sessions a passkey opened (it is being removed): how many. */
export async function deleteSessionsOfPasskey(db: Db, passkeyId: string): Promise<number> {
  const { numDeletedRows } = await db
    .deleteFrom('staff_sessions')
    .where('passkey_id', '=', passkeyId)
    .executeTakeFirst();
  return Number(numDeletedRows);
}

export async function deleteSession(db: Db, tokenDigest: string) {
  await db.deleteFrom('staff_sessions').where('token_digest', '=', tokenDigest).execute();
}

/** Ends a person's sessions, all of them or all but the one `except` names (a token digest). */
export async function deleteSessionsOf(db: Db, staffId: string, except?: string): Promise<number> {
  let query = db.deleteFrom('staff_sessions').where('staff_id', '=', staffId);
  if (except !== undefined) query = query.where('token_digest', '<>', except);
  const { numDeletedRows } = await query.executeTakeFirst();
  return Number(numDeletedRows);
}
