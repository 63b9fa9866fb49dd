import * as calls from '#shared/panel-api/issue-calls.ts';
import { issueList, recordPanelStep } from '../issue/issue';
import { signedIn, type PanelContext } from './context';

/**
 * docs/api.md#staff-panel: the issue of goods and the car (/panel/wydania), registered inside the panel's
 * calls (their hook checks origin, session and access before any of these runs).
 */
export function issueCalls({ deps, route }: PanelContext) {
  route(calls.issueCall, async (request) => issueList(deps, signedIn(request).staffId));

  route(calls.issueStepCall, async (request) =>
    recordPanelStep(deps, signedIn(request).staffId, request.params.id, request.body),
  );
}
