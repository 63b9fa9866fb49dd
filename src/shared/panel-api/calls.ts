import { COMPLAINT_CALLS } from './complaint-calls';
import { ISSUE_CALLS } from './issue-calls';
import { PAYOUT_CALLS } from './payout-calls';
import { REVIEW_CALLS } from './review-calls';
import { SESSION_CALLS } from './session-calls';
import { TEAM_CALLS } from './team-calls';

// docs/decisions/panel-api.md: every panel call, the registry docs/api.md's table is held to.

export const PANEL_CALLS = [
  ...SESSION_CALLS,
  ...TEAM_CALLS,
  ...REVIEW_CALLS,
  ...PAYOUT_CALLS,
  ...COMPLAINT_CALLS,
  ...ISSUE_CALLS,
] as const;
