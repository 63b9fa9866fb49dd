import type { FastifyPluginAsync } from 'fastify';
import apiMessages from '#content/api-messages.json';
import messages from '#content/staff-messages.json';
import type { Access } from '#shared/panel-api/access.ts';
import type { AppDeps } from '../deps';
import { ApiProblem } from '../plugins/error-mapping';
import { allows } from '../staff/roles';
import { readSession, type StaffSession } from '../staff/sessions';
import type { PanelSettings } from '../staff/settings';
import { complaintCalls } from './complaint-calls';
import { issueCalls } from './issue-calls';
import { reviewCalls } from './review-calls';
import { requireAccess, routesOn } from './route';
import { sessionCalls } from './session-calls';
import { sessionToken } from './session-cookie';
import { teamCalls } from './team-calls';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** docs/api.md#staff-panel: who may use a panel call (its declaration's `access`). */
    access?: Access;
  }
  interface FastifyRequest {
    /** The session of a panel call that needs one (set before its handler runs). */
    staff: StaffSession | null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * docs/api.md#staff-panel: the panel's calls, each registered from its declaration (src/shared/panel-api).
 * One hook refuses a state-changing call from another origin (403), a call without a live session (401) and
 * one the person's roles do not allow (403), before any handler runs.
 */
export const panelCalls: FastifyPluginAsync<AppDeps & { settings: PanelSettings }> = async (
  app,
  { settings, ...deps },
) => {
  const { storage, clock } = deps;
  app.decorateRequest('staff', null);

  requireAccess(app);

  app.addHook('onRequest', async (request) => {
    if (STATE_CHANGING.has(request.method) && request.headers.origin !== settings.origin)
      throw new ApiProblem(403, messages.foreignOrigin);
    const { access } = request.routeOptions.config;
    // No access: no route (an unknown call), answered 404 below.
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

  const context = {
    deps,
    settings,
    route: routesOn(app),
    ceremony: { storage, clock, settings },
    staffMail: { keysDir: deps.storage.keysDir, origin: settings.origin },
  };
  sessionCalls(context);
  teamCalls(context);
  reviewCalls(context);
  complaintCalls(context);
  issueCalls(context);

  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: apiMessages.notFound }));
};
