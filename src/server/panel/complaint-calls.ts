import * as calls from '#shared/panel-api/complaint-calls.ts';
import {
  addComplaint,
  complaintList,
  decide,
  openComplaint,
  reopenClaimOf,
  sendAnswer,
} from '../complaints/desk';
import { signedIn, type PanelContext } from './context';

/** docs/api.md#staff-panel: the complaints desk's calls (role `complaints`). */
export function complaintCalls({ deps, route }: PanelContext) {
  route(calls.complaintsCall, async () => complaintList(deps));

  route(calls.complaintCall, async (request) =>
    openComplaint(deps, signedIn(request).staffId, request.params.id),
  );

  route(calls.complaintAddCall, async (request) =>
    addComplaint(deps, signedIn(request).staffId, request.body),
  );

  route(calls.complaintDecisionCall, async (request) =>
    decide(deps, signedIn(request).staffId, request.params.id, request.body),
  );

  route(calls.complaintAnswerMailCall, async (request) =>
    sendAnswer(deps, signedIn(request).staffId, request.params.id, { channel: 'email' }),
  );

  route(calls.complaintAnswerLetterCall, async (request) =>
    sendAnswer(deps, signedIn(request).staffId, request.params.id, { channel: 'post', ...request.body }),
  );

  route(calls.complaintReopenCall, async (request) =>
    reopenClaimOf(deps, signedIn(request).staffId, request.params.id),
  );
}
