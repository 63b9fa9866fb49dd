import messages from '#content/staff-messages.json';
import type { QueryOf } from '#shared/panel-api/call.ts';
import {
  auditCall,
  inviteCall,
  resetCall,
  revokeCall,
  rolesCall,
  staffCall,
} from '#shared/panel-api/team-calls.ts';
import { isoDateAfter, isWarsawLocalTime, warsawLocalToInstant } from '#shared/warsaw-time.ts';
import { isoAt } from '../clock';
import { normalEmail } from '../crypto/secrets';
import { auditNames, auditPage, statementsByReference, type AuditFilter } from '../db/audit';
import { listStaff, staffByEmail, staffEmails } from '../db/staff';
import { ApiProblem } from '../plugins/error-mapping';
import { typedReference } from '../statements/reference';
import { changeRoles, invite, resetAccess, revoke } from '../staff/people';
import { signedIn, type PanelContext } from './context';

const AUDIT_PAGE_SIZE = 50;
/** The largest entry number: `audit_log.seq` is a 32-bit integer on PostgreSQL. */
const AUDIT_SEQ_MAX = 2_147_483_647;

/** docs/api.md#staff-panel: the admin's team page and the auditor's trail. */
export function teamCalls({ deps, route, staffMail }: PanelContext) {
  const { storage, clock } = deps;

  route(staffCall, async () => {
    const now = isoAt(clock.real());
    return {
      // Revoked people (no role left) stay in the database for the audit trail, not on the team page.
      people: (await listStaff(storage.db))
        .filter((person) => person.roles.length > 0)
        .map(({ invitation_until: until, ...person }) => ({
          id: person.id,
          email: person.email,
          roles: person.roles,
          passkeys: person.passkeys,
          lastLoginAt: person.last_login_at,
          invitedUntil: until !== null && until > now ? until : null,
          // docs/decisions/panel-page.md#team-page: an invitation that ended unused, for the admin to renew;
          // one older than the person's last login no longer matters.
          invitationExpiredAt:
            until !== null && until <= now && (person.last_login_at ?? '') < until ? until : null,
        })),
    };
  });

  // docs/decisions/staff.md#people-and-roles: the link goes by mail to the invitee, never to the admin.
  route(inviteCall, async (request) => {
    const { email, role, mailed } = await invite(
      storage,
      clock,
      { email: request.body.email ?? '', role: request.body.role ?? '', actor: signedIn(request).staffId },
      staffMail,
    );
    return { email, role, mailed: mailed === true };
  });

  route(rolesCall, async (request) =>
    changeRoles(storage, clock, {
      staffId: request.params.id,
      roles: request.body.roles,
      actor: signedIn(request).staffId,
    }),
  );

  route(resetCall, async (request, reply) => {
    await resetAccess(
      storage,
      clock,
      { staffId: request.params.id, actor: signedIn(request).staffId },
      staffMail,
    );
    return reply.status(204).send();
  });

  route(revokeCall, async (request, reply) => {
    await revoke(storage, clock, { staffId: request.params.id, actor: signedIn(request).staffId });
    return reply.status(204).send();
  });

  route(auditCall, async (request) => {
    const filter = auditFilter(request.query);
    // The filter names a person by e-mail too; an address of nobody matches nothing.
    if (filter.actor?.includes('@'))
      filter.actor = (await staffByEmail(storage.db, normalEmail(filter.actor)))?.id ?? '-';
    // docs/decisions/staff.md#audit-subjects: a statement's reference finds the entries about it and its claim.
    if (request.query.reference) {
      const reference = typedReference(request.query.reference);
      if (!reference) throw new ApiProblem(400, messages.auditReferenceInvalid);
      const statements = await statementsByReference(storage.db, reference);
      filter.concerning = [...new Set(statements.flatMap((row) => [row.id, row.claim_id]))];
    }
    const rows = filter.concerning?.length === 0 ? [] : await auditPage(storage.db, filter, AUDIT_PAGE_SIZE);
    const entries = rows.map((row) => ({
      seq: row.seq,
      at: row.at,
      actor: row.actor,
      action: row.action,
      subject: row.subject,
      reason: row.reason,
      details: row.details === null ? null : (JSON.parse(row.details) as Record<string, unknown>),
    }));
    const present = (ids: unknown[]) =>
      [...new Set(ids)].filter((id): id is string => typeof id === 'string' && id !== '');
    const [people, names] = await Promise.all([
      staffEmails(storage.db, present(entries.flatMap((entry) => [entry.actor, entry.subject]))),
      auditNames(storage.db, present(entries.flatMap((entry) => [entry.subject, ...namedIn(entry.details)]))),
    ]);
    return {
      people: Object.fromEntries(people.map((person) => [person.id, person.email])),
      statements: Object.fromEntries(names.statements.map((row) => [row.id, row.reference])),
      claims: Object.fromEntries(names.claims.map((row) => [row.id, { code: row.code, tier: row.tier }])),
      entries,
      next: rows.length === AUDIT_PAGE_SIZE ? rows.at(-1)!.seq : null,
    };
  });
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayStart(day: string | undefined, nextDay = false): string | undefined {
  if (day === undefined || day === '') return undefined;
  if (!DAY.test(day) || !isWarsawLocalTime(day)) throw new ApiProblem(400, messages.auditFilterInvalid);
  return isoAt(warsawLocalToInstant(nextDay ? isoDateAfter(day, 1) : day));
}

/** The ids an entry's details name: a payout's statements, the claim a reserve's prize passed to. */
function namedIn(details: Record<string, unknown> | null): unknown[] {
  if (!details) return [];
  return [details.claim, ...(Array.isArray(details.statements) ? details.statements : [])];
}

/** The auditor's filters: days are Warsaw days, `to` included. */
function auditFilter(query: QueryOf<typeof auditCall>): AuditFilter {
  // Digits only, within the trail's integer numbers: a larger one is no entry's and no database takes it.
  const before = query.before ? Number(query.before) : undefined;
  if (before !== undefined && (!/^\d{1,10}$/.test(query.before!) || before > AUDIT_SEQ_MAX))
    throw new ApiProblem(400, messages.auditFilterInvalid);
  return {
    action: query.action || undefined,
    actor: query.actor || undefined,
    from: dayStart(query.from),
    to: dayStart(query.to, true),
    before,
  };
}
