import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isObject } from '#shared/json.ts';
import {
  approve,
  couponPhoto,
  decide,
  openStatement,
  reveal,
  releaseStatement,
  reviewQueue,
  takeNext,
  takeStatement,
  undo,
  type ReviewDeps,
} from '../review/review';
import type { Viewer } from '../review/view';
import { passToReserve } from '../claims/reserve';
import { payoutExport, payoutList, payoutPaid, payoutUndo } from '../review/payouts';

type Params = { Params: { id: string } };
type Query = { Querystring: Record<string, string | undefined> };

const viewer = (request: FastifyRequest): Viewer => ({
  staffId: request.staff!.staffId,
  roles: request.staff!.roles,
});
const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
  isObject(request.body) ? request.body : {};

/**
 * docs/api.md#staff-panel: the review of statements' calls, registered inside the panel's calls (their hook
 * checks origin, session and `config.access` before any of these runs).
 */
export const reviewCalls: FastifyPluginAsync<ReviewDeps> = async (app, deps) => {
  const readers = { config: { access: ['reviewer', 'approver'] } } as const;
  const reviewers = { config: { access: ['reviewer'] } } as const;
  const approvers = { config: { access: ['approver'] } } as const;

  app.get<Query>('/review/queue', readers, async (request) =>
    reviewQueue(deps, viewer(request), request.query),
  );

  app.post('/review/next', reviewers, async (request) => ({
    id: await takeNext(deps, viewer(request), bodyOf(request).tier),
  }));

  app.get<Params>('/review/statements/:id', readers, async (request) =>
    openStatement(deps, viewer(request), request.params.id),
  );

  app.get<Params & Query>('/review/statements/:id/image', readers, async (request, reply) =>
    reply.type('image/png').send(await couponPhoto(deps, viewer(request), request.params.id, request.query)),
  );

  app.post<Params>('/review/statements/:id/reveal', readers, async (request) =>
    reveal(deps, viewer(request), request.params.id, bodyOf(request)),
  );

  app.post<Params>('/review/statements/:id/take', reviewers, async (request) =>
    takeStatement(deps, viewer(request), request.params.id),
  );

  app.post<Params>('/review/statements/:id/decision', reviewers, async (request) =>
    decide(deps, viewer(request), request.params.id, bodyOf(request)),
  );

  app.post<Params>('/review/statements/:id/approval', approvers, async (request) =>
    approve(deps, viewer(request), request.params.id, bodyOf(request)),
  );

  app.post<Params>('/review/statements/:id/give-back', reviewers, async (request) =>
    releaseStatement(deps, viewer(request), request.params.id, 'give-back'),
  );

  app.post<Params>('/review/statements/:id/release', approvers, async (request) =>
    releaseStatement(deps, viewer(request), request.params.id, 'release'),
  );

  app.post<Params>('/review/statements/:id/undo', readers, async (request) =>
    undo(deps, viewer(request), request.params.id),
  );

  const payout = { config: { access: ['payout'] } } as const;

  app.get('/payouts', payout, async (request) => payoutList(deps, viewer(request).staffId));

  app.post('/payouts/export', payout, async (request, reply) => {
    const { csv, fileName } = await payoutExport(deps, viewer(request).staffId, bodyOf(request));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(csv);
  });

  app.post('/payouts/paid', payout, async (request) =>
    payoutPaid(deps, viewer(request).staffId, bodyOf(request)),
  );

  app.post('/payouts/undo', payout, async (request) =>
    payoutUndo(deps, viewer(request).staffId, bodyOf(request)),
  );

  app.post<Params>('/review/claims/:id/reserve', approvers, async (request) =>
    passToReserve(deps, viewer(request).staffId, request.params.id),
  );
};
