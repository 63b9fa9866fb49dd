import type { FastifyRequest } from 'fastify';
import * as payouts from '#shared/panel-api/payout-calls.ts';
import * as calls from '#shared/panel-api/review-calls.ts';
import { passToReserve } from '../claims/reserve';
import { payoutExport, payoutList, payoutPaid, payoutUndo } from '../review/payouts';
import {
  approve,
  couponPhoto,
  decide,
  openStatement,
  reveal,
  releaseStatement,
  takeNext,
  takeStatement,
  undo,
  type ReviewDeps,
} from '../review/review';
import { reviewQueue } from '../review/queue';
import type { Viewer } from '../review/view';
import { signedIn, type PanelContext } from './context';

const viewer = (request: FastifyRequest): Viewer => ({
  staffId: signedIn(request).staffId,
  roles: signedIn(request).roles,
});

/**
 * docs/api.md#staff-panel: the review of statements' calls and the payouts', registered inside the panel's
 * calls (their hook checks origin, session and access before any of these runs).
 */
export function reviewCalls({ deps: appDeps, settings, route }: PanelContext) {
  const deps: ReviewDeps = { ...appDeps, undoWindowMs: settings.undoWindowMs };

  route(calls.queueCall, async (request) => reviewQueue(deps, viewer(request), request.query));

  route(calls.nextCall, async (request) => ({
    id: await takeNext(deps, viewer(request), request.body.tier),
  }));

  route(calls.statementCall, async (request) => openStatement(deps, viewer(request), request.params.id));

  route(calls.imageCall, async (request, reply) =>
    reply.type('image/png').send(await couponPhoto(deps, viewer(request), request.params.id, request.query)),
  );

  route(calls.revealCall, async (request) => reveal(deps, viewer(request), request.params.id, request.body));

  route(calls.takeCall, async (request) => takeStatement(deps, viewer(request), request.params.id));

  route(calls.decisionCall, async (request) =>
    decide(deps, viewer(request), request.params.id, request.body),
  );

  route(calls.approvalCall, async (request) =>
    approve(deps, viewer(request), request.params.id, request.body),
  );

  route(calls.giveBackCall, async (request) =>
    releaseStatement(deps, viewer(request), request.params.id, 'give-back'),
  );

  route(calls.releaseCall, async (request) =>
    releaseStatement(deps, viewer(request), request.params.id, 'release'),
  );

  route(calls.undoCall, async (request) => undo(deps, viewer(request), request.params.id));

  route(calls.reserveCall, async (request) =>
    passToReserve(deps, viewer(request).staffId, request.params.id),
  );

  route(payouts.payoutsCall, async (request) => payoutList(deps, viewer(request).staffId));

  route(payouts.payoutExportCall, async (request, reply) => {
    const { csv, fileName } = await payoutExport(deps, viewer(request).staffId, request.body);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(csv);
  });

  route(payouts.payoutPaidCall, async (request) => payoutPaid(deps, viewer(request).staffId, request.body));

  route(payouts.payoutUndoCall, async (request) => payoutUndo(deps, viewer(request).staffId, request.body));
}
