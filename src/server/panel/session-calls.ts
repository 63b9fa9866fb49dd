import type { FastifyReply, FastifyRequest } from 'fastify';
import messages from '#content/staff-messages.json';
import * as calls from '#shared/panel-api/session-calls.ts';
import { tierStatus } from '../claims/status';
import { isoAt } from '../clock';
import { digestOf } from '../crypto/secrets';
import {
  deletePasskey,
  deleteSessionsOfPasskey,
  insertPasskey,
  openInvitation,
  passkeysOf,
  rolesOf,
  staffById,
  updateSession,
  useInvitation,
} from '../db/staff';
import type { StaffLinkKind } from '../db/types';
import { mailStatus } from '../mail/status';
import { ApiProblem } from '../plugins/error-mapping';
import { appendAudit } from '../staff/audit';
import { mailPasskeyNotice } from '../staff/people';
import {
  checkLogin,
  checkReauth,
  loginOptions,
  passkeyName,
  reauthOptions,
  registerPasskey,
  registrationOptions,
} from '../staff/passkeys';
import {
  endAllSessions,
  endSession,
  requirePasskeyCheck,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  sessionList,
  startSession,
} from '../staff/sessions';
import { issueStatus } from '../issue/issue';
import { ISSUE_DEADLINE } from '../issue/state';
import { signedIn, type PanelContext } from './context';
import { complaintFigures } from '../complaints/desk';
import { clearSessionCookie, sessionToken, setSessionCookie } from './session-cookie';

/** docs/api.md#staff-panel: registration by a link, login, the passkey check, one's own sessions and passkeys. */
export function sessionCalls({ deps, settings, route, ceremony, staffMail }: PanelContext) {
  const { storage, clock } = deps;

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

  const invited = async (token: string | undefined) => {
    const row = token ? await openInvitation(storage.db, digestOf(token), isoAt(clock.real())) : undefined;
    const person = row && (await staffById(storage.db, row.staff_id));
    if (!person) throw new ApiProblem(404, messages.invitationUnknown);
    await firstPasskey(storage.db, person.id);
    return { ...person, via: row.kind };
  };

  route(calls.registrationOptionsCall, async (request) => {
    const person = await invited(request.body.token);
    return {
      email: person.email,
      roles: await rolesOf(storage.db, person.id),
      options: await registrationOptions(ceremony, person),
    };
  });

  route(calls.registrationCall, async (request, reply) => {
    const person = await invited(request.body.token);
    const passkey = await registerPasskey(
      ceremony,
      person.id,
      request.body.response,
      passkeyName(undefined, request.headers['user-agent']),
    );
    await storage.db.transaction().execute(async (trx) => {
      if (!(await useInvitation(trx, digestOf(request.body.token ?? ''), isoAt(clock.real()))))
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

  route(calls.loginOptionsCall, async () => loginOptions(ceremony));

  route(calls.loginCall, async (request, reply) => {
    const passkey = await checkLogin(ceremony, request.body.response);
    return loggedIn(request, reply, passkey.staffId, 'passkey', passkey.id);
  });

  route(calls.reauthOptionsCall, async (request) => reauthOptions(ceremony, signedIn(request).staffId));

  route(calls.reauthCall, async (request, reply) => {
    const session = signedIn(request);
    await checkReauth(ceremony, session.staffId, request.body.response);
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

  route(calls.sessionCall, async (request) => {
    const session = signedIn(request);
    return {
      email: session.email,
      roles: session.roles,
      idleMinutes: SESSION_IDLE_MS / 60_000,
      endsAt: isoAt(session.createdAtMs + SESSION_MAX_MS),
    };
  });

  route(calls.logoutCall, async (request, reply) => {
    await endSession(storage, clock, signedIn(request));
    clearSessionCookie(reply, settings);
    return reply.status(204).send();
  });

  route(calls.sessionsCall, async (request) => sessionList(storage, clock, signedIn(request)));

  route(calls.logoutEverywhereCall, async (request, reply) => {
    await endAllSessions(storage, clock, signedIn(request));
    clearSessionCookie(reply, settings);
    return reply.status(204).send();
  });

  route(calls.overviewCall, async () => ({
    tiers: (await tierStatus(storage, clock.campaign())).lines,
    issue: await issueStatus({ storage, clock }),
    issueDeadline: ISSUE_DEADLINE,
    mail: await mailStatus(storage, clock),
    complaints: await complaintFigures(deps),
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

  route(calls.passkeysCall, async (request) =>
    (await passkeysOf(storage.db, signedIn(request).staffId)).map(passkeyLine),
  );

  route(calls.passkeyOptionsCall, async (request) => {
    const session = signedIn(request);
    requirePasskeyCheck(clock, session);
    return registrationOptions(ceremony, { id: session.staffId, email: session.email });
  });

  route(calls.addPasskeyCall, async (request) => {
    const session = signedIn(request);
    requirePasskeyCheck(clock, session);
    const name = passkeyName(request.body.name, request.headers['user-agent']);
    const passkey = await registerPasskey(ceremony, session.staffId, request.body.response, name);
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

  route(calls.removePasskeyCall, async (request, reply) => {
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
}
