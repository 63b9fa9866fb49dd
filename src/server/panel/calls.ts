import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import apiMessages from '#content/api-messages.json';
import messages from '#content/staff-messages.json';
import { isoDateAfter, isWarsawLocalTime, warsawLocalToInstant } from '#shared/warsaw-time.ts';
import { tierStatus } from '../claims/status';
import { isoAt } from '../clock';
import { digestOf, normalEmail } from '../crypto/secrets';
import { auditNames, auditPage, statementsByReference, type AuditFilter } from '../db/audit';
import {
  deletePasskey,
  deleteSessionsOfPasskey,
  insertPasskey,
  listStaff,
  openInvitation,
  passkeysOf,
  rolesOf,
  staffByEmail,
  staffById,
  staffEmails,
  updateSession,
  useInvitation,
} from '../db/staff';
import type { StaffLinkKind } from '../db/types';
import type { AppDeps } from '../deps';
import { mailStatus } from '../mail/status';
import { reviewCalls } from './review-calls';
import { typedReference } from '../statements/reference';
import { ApiProblem } from '../plugins/error-mapping';
import { appendAudit } from '../staff/audit';
import { changeRoles, invite, mailPasskeyNotice, resetAccess, revoke, type StaffMail } from '../staff/people';
import {
  checkLogin,
  checkReauth,
  loginOptions,
  passkeyName,
  reauthOptions,
  registerPasskey,
  registrationOptions,
} from '../staff/passkeys';
import { allows, type Access } from '../staff/roles';
import {
  clearSessionCookie,
  endAllSessions,
  endSession,
  readSession,
  requirePasskeyCheck,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  sessionList,
  sessionToken,
  setSessionCookie,
  startSession,
  type StaffSession,
} from '../staff/sessions';
import type { PanelSettings } from '../staff/settings';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** docs/api.md#staff-panel: who may use a panel call. */
    access?: Access;
  }
  interface FastifyRequest {
    /** The session of a panel call that needs one (set before its handler runs). */
    staff: StaffSession | null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const AUDIT_PAGE_SIZE = 50;
/** The largest entry number: `audit_log.seq` is a 32-bit integer on PostgreSQL. */
const AUDIT_SEQ_MAX = 2_147_483_647;

interface Body {
  token?: unknown;
  response?: unknown;
  email?: unknown;
  role?: unknown;
  roles?: unknown;
  name?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const signedIn = (request: FastifyRequest) => request.staff!;

/**
 * docs/api.md#staff-panel: the panel's calls. Each route says who may use it (`config.access`); one hook
 * refuses a state-changing call from another origin (403), a call without a live session (401) and one the
 * person's roles do not allow (403), before any handler runs.
 */
export const panelCalls: FastifyPluginAsync<AppDeps & { settings: PanelSettings }> = async (
  app,
  { settings, ...deps },
) => {
  const { storage, clock } = deps;
  const ceremony = { storage, clock, settings };
  const staffMail: StaffMail = { key: deps.statementsKey, origin: settings.origin };
  app.decorateRequest('staff', null);

  app.addHook('onRequest', async (request) => {
    if (STATE_CHANGING.has(request.method) && request.headers.origin !== settings.origin)
      throw new ApiProblem(403, messages.foreignOrigin);
    const { access } = request.routeOptions.config;
    if (access === undefined || access === 'public') return;
    const token = sessionToken(request);
    const session = token === undefined ? undefined : await readSession(storage, clock, token);
    if (!session) throw new ApiProblem(401, messages.sessionMissing);
    request.staff = session;
    if (!allows(access, session.roles)) throw new ApiProblem(403, messages.roleMissing);
  });
  // docs/decisions/staff.md#refusals: a refused call is a warning naming who asked (their id, never their
  // e-mail) and the route; the request's own line says neither.
  app.addHook('onResponse', async (request, reply) => {
    if (![401, 403, 429].includes(reply.statusCode)) return;
    const staff = request.staff?.staffId ?? null;
    request.log.warn(
      { staff, route: request.routeOptions.url, status: reply.statusCode },
      'panel call refused',
    );
  });

  const loggedIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    staffId: string,
    via: StaffLinkKind | 'passkey',
    passkeyId: string,
  ) => {
    const token = await startSession(storage, clock, staffId, via, passkeyId, sessionToken(request));
    setSessionCookie(reply, settings, token);
    const person = await staffById(storage.db, staffId);
    return { email: person!.email, roles: await rolesOf(storage.db, staffId) };
  };

  // docs/decisions/staff.md#people-and-roles: a link registers a first passkey only, never another one.
  const firstPasskey = async (db: typeof storage.db, staffId: string) => {
    if ((await passkeysOf(db, staffId)).length > 0) throw new ApiProblem(404, messages.invitationUnknown);
  };

  const invited = async (token: unknown) => {
    const row =
      typeof token === 'string' && token !== ''
        ? await openInvitation(storage.db, digestOf(token), isoAt(clock.real()))
        : undefined;
    const person = row && (await staffById(storage.db, row.staff_id));
    if (!person) throw new ApiProblem(404, messages.invitationUnknown);
    await firstPasskey(storage.db, person.id);
    return { ...person, via: row.kind };
  };

  const limited = { rateLimit: {}, access: 'public' } as const;

  app.post<{ Body: Body }>('/registration/options', { config: limited }, async (request) => {
    const person = await invited(request.body?.token);
    return {
      email: person.email,
      roles: await rolesOf(storage.db, person.id),
      options: await registrationOptions(ceremony, person),
    };
  });

  app.post<{ Body: Body }>('/registration', { config: limited }, async (request, reply) => {
    const person = await invited(request.body?.token);
    const passkey = await registerPasskey(
      ceremony,
      person.id,
      request.body?.response,
      passkeyName(undefined, request.headers['user-agent']),
    );
    await storage.db.transaction().execute(async (trx) => {
      if (!(await useInvitation(trx, digestOf(text(request.body?.token)), isoAt(clock.real()))))
        throw new ApiProblem(404, messages.invitationUnknown);
      await firstPasskey(trx, person.id);
      await insertPasskey(trx, passkey);
      await appendAudit(trx, storage, clock, {
        actor: person.id,
        action: 'passkey-added',
        subject: person.id,
        details: { via: person.via },
      });
      await mailPasskeyNotice(trx, clock, staffMail, person.email, 'added');
    });
    return loggedIn(request, reply, person.id, person.via, passkey.id);
  });

  app.post('/login/options', { config: limited }, async () => loginOptions(ceremony));

  app.post<{ Body: Body }>('/login', { config: limited }, async (request, reply) => {
    const passkey = await checkLogin(ceremony, request.body?.response);
    return loggedIn(request, reply, passkey.staffId, 'passkey', passkey.id);
  });

  const anyone = { config: { access: 'signed-in' } } as const;

  // docs/decisions/staff.md#passkey-check: the signed-in person proves one of their own passkeys again.
  const checked = { config: { rateLimit: {}, access: 'signed-in' } } as const;

  app.post('/reauth/options', checked, async (request) => reauthOptions(ceremony, signedIn(request).staffId));

  app.post<{ Body: Body }>('/reauth', checked, async (request, reply) => {
    const session = signedIn(request);
    await checkReauth(ceremony, session.staffId, request.body?.response);
    await storage.db.transaction().execute(async (trx) => {
      await updateSession(trx, session.tokenDigest, { verified_at: isoAt(clock.real()) });
      await appendAudit(trx, storage, clock, {
        actor: session.staffId,
        action: 'passkey-confirmed',
        subject: session.staffId,
      });
    });
    return reply.status(204).send();
  });

  app.get('/session', anyone, async (request) => {
    const session = signedIn(request);
    return {
      email: session.email,
      roles: session.roles,
      idleMinutes: SESSION_IDLE_MS / 60_000,
      endsAt: isoAt(session.createdAtMs + SESSION_MAX_MS),
    };
  });

  app.post('/logout', anyone, async (request, reply) => {
    const session = signedIn(request);
    await endSession(storage, clock, session);
    clearSessionCookie(reply, settings);
    return reply.status(204).send();
  });

  app.get('/sessions', anyone, async (request) => sessionList(storage, clock, signedIn(request)));

  app.post('/logout-everywhere', anyone, async (request, reply) => {
    await endAllSessions(storage, clock, signedIn(request));
    clearSessionCookie(reply, settings);
    return reply.status(204).send();
  });

  app.get('/overview', anyone, async () => ({
    tiers: (await tierStatus(storage, clock.campaign())).lines,
    mail: await mailStatus(storage, clock),
  }));

  const passkeyLine = (row: {
    id: string;
    name: string | null;
    created_at: string;
    last_used_at: string | null;
  }) => ({
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  });

  app.get('/passkeys', anyone, async (request) =>
    (await passkeysOf(storage.db, signedIn(request).staffId)).map(passkeyLine),
  );

  app.post('/passkeys/options', anyone, async (request) => {
    const session = signedIn(request);
    requirePasskeyCheck(clock, session);
    return registrationOptions(ceremony, { id: session.staffId, email: session.email });
  });

  app.post<{ Body: Body }>('/passkeys', anyone, async (request) => {
    const session = signedIn(request);
    requirePasskeyCheck(clock, session);
    const name = passkeyName(request.body?.name, request.headers['user-agent']);
    const passkey = await registerPasskey(ceremony, session.staffId, request.body?.response, name);
    await storage.db.transaction().execute(async (trx) => {
      await insertPasskey(trx, passkey);
      await appendAudit(trx, storage, clock, {
        actor: session.staffId,
        action: 'passkey-added',
        subject: session.staffId,
      });
      await mailPasskeyNotice(trx, clock, staffMail, session.email, 'added');
    });
    return passkeyLine(passkey);
  });

  app.delete<{ Params: { id: string } }>('/passkeys/:id', anyone, async (request, reply) => {
    const session = signedIn(request);
    requirePasskeyCheck(clock, session);
    const { id } = request.params;
    await storage.db.transaction().execute(async (trx) => {
      const own = await passkeysOf(trx, session.staffId);
      if (!own.some((passkey) => passkey.id === id)) throw new ApiProblem(404, messages.passkeyUnknown);
      if (own.length === 1) throw new ApiProblem(409, messages.lastPasskey);
      await deletePasskey(trx, session.staffId, id);
      // docs/decisions/staff.md#sessions: the sessions the passkey opened end with it.
      const ended = await deleteSessionsOfPasskey(trx, id);
      await appendAudit(trx, storage, clock, {
        actor: session.staffId,
        action: 'passkey-removed',
        subject: session.staffId,
        details: { sessions: ended },
      });
      await mailPasskeyNotice(trx, clock, staffMail, session.email, 'removed');
    });
    if (session.passkeyId === id) clearSessionCookie(reply, settings);
    return reply.status(204).send();
  });

  const admin = { config: { access: ['admin'] } } as const;

  app.get('/staff', admin, async () => {
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
  app.post<{ Body: Body }>('/staff/invitations', admin, async (request) => {
    const { email, role, mailed } = await invite(
      storage,
      clock,
      { email: text(request.body?.email), role: text(request.body?.role), actor: signedIn(request).staffId },
      staffMail,
    );
    return { email, role, mailed: mailed === true };
  });

  app.put<{ Params: { id: string }; Body: Body }>('/staff/:id/roles', admin, async (request) =>
    changeRoles(storage, clock, {
      staffId: request.params.id,
      roles: request.body?.roles,
      actor: signedIn(request).staffId,
    }),
  );

  app.post<{ Params: { id: string } }>('/staff/:id/reset', admin, async (request, reply) => {
    await resetAccess(
      storage,
      clock,
      { staffId: request.params.id, actor: signedIn(request).staffId },
      staffMail,
    );
    return reply.status(204).send();
  });

  app.delete<{ Params: { id: string } }>('/staff/:id', admin, async (request, reply) => {
    await revoke(storage, clock, { staffId: request.params.id, actor: signedIn(request).staffId });
    return reply.status(204).send();
  });

  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/audit',
    { config: { access: ['auditor'] } },
    async (request) => {
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
      const rows =
        filter.concerning?.length === 0 ? [] : await auditPage(storage.db, filter, AUDIT_PAGE_SIZE);
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
        auditNames(
          storage.db,
          present(entries.flatMap((entry) => [entry.subject, ...namedIn(entry.details)])),
        ),
      ]);
      return {
        people: Object.fromEntries(people.map((person) => [person.id, person.email])),
        statements: Object.fromEntries(names.statements.map((row) => [row.id, row.reference])),
        claims: Object.fromEntries(names.claims.map((row) => [row.id, { code: row.code, tier: row.tier }])),
        entries,
        next: rows.length === AUDIT_PAGE_SIZE ? rows.at(-1)!.seq : null,
      };
    },
  );

  await app.register(reviewCalls, {
    storage,
    clock,
    statementsKey: deps.statementsKey,
    undoWindowMs: settings.undoWindowMs,
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: apiMessages.notFound }));
};

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
function auditFilter(query: Record<string, string | undefined>): AuditFilter {
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
