import { panelCall } from './call';
import { ANY_JSON, array, BOOLEAN, INTEGER, nullable, NUMBER, object, record, STRING } from './schema';

// docs/api.md#staff-panel: the admin's team page and the auditor's trail.

const NO_BODY = object({});
const ID = object({ id: STRING });

export const PERSON = object(
  {
    id: STRING,
    email: STRING,
    roles: array(STRING),
    passkeys: NUMBER,
    lastLoginAt: nullable(STRING),
    invitedUntil: nullable(STRING),
    /** When their latest invitation ended unused (none open now, no login since), or null. */
    invitationExpiredAt: nullable(STRING),
  },
  ['invitationExpiredAt'],
);

export const staffCall = panelCall({
  method: 'GET',
  path: '/staff',
  access: ['admin'],
  reply: object({ people: array(PERSON) }),
});

/** docs/decisions/staff.md#people-and-roles: the link went by mail to the invitee, or none was needed. */
export const inviteCall = panelCall({
  method: 'POST',
  path: '/staff/invitations',
  access: ['admin'],
  body: object({ email: STRING, role: STRING }, ['email', 'role']),
  /** `mailed`: an invitation was e-mailed; false: the person has a passkey, and got the role alone. */
  reply: object({ email: STRING, role: STRING, mailed: BOOLEAN }),
});

export const rolesCall = panelCall({
  method: 'PUT',
  path: '/staff/:id/roles',
  access: ['admin'],
  params: ID,
  body: object({ roles: array(STRING) }, ['roles']),
  reply: object({ id: STRING, email: STRING, roles: array(STRING) }),
});

export const resetCall = panelCall({
  method: 'POST',
  path: '/staff/:id/reset',
  access: ['admin'],
  params: ID,
  body: NO_BODY,
  reply: 'nothing',
});

export const revokeCall = panelCall({
  method: 'DELETE',
  path: '/staff/:id',
  access: ['admin'],
  params: ID,
  body: NO_BODY,
  reply: 'nothing',
});

export const AUDIT_ENTRY = object({
  seq: INTEGER,
  at: STRING,
  actor: STRING,
  action: STRING,
  subject: nullable(STRING),
  reason: nullable(STRING),
  /** Ids and figures only, never a personal value (docs/api.md#staff-panel, the audit trail). */
  details: ANY_JSON,
});

/** Days are Warsaw days (RRRR-MM-DD), `to` included; `before` is the `next` of the page before. */
export const auditCall = panelCall({
  method: 'GET',
  path: '/audit',
  access: ['auditor'],
  querystring: object(
    { reference: STRING, action: STRING, actor: STRING, from: STRING, to: STRING, before: STRING },
    ['reference', 'action', 'actor', 'from', 'to', 'before'],
  ),
  reply: object({
    entries: array(AUDIT_ENTRY),
    /** The e-mails of the staff the entries name (as actor or subject), by id. */
    people: record(STRING),
    /** The references of the statements the entries name (as subject or in details), by id. */
    statements: record(nullable(STRING)),
    /** The code and tier of the claims the entries name, by id. */
    claims: record(object({ code: STRING, tier: STRING })),
    /** The `before` of the next, older page; null on the last one. */
    next: nullable(INTEGER),
  }),
});

export const TEAM_CALLS = [staffCall, inviteCall, rolesCall, resetCall, revokeCall, auditCall] as const;
