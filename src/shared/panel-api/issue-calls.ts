import { ISSUE_STATES, ISSUE_STEPS } from '../issue-states';
import { panelCall } from './call';
import { array, BOOLEAN, nullable, NUMBER, object, oneOf, STRING } from './schema';

// docs/api.md#staff-panel, docs/decisions/prize-issue.md: the `payout` role's issue of goods and the car
// (/panel/api/issue); money prizes are paid on the payouts' calls, which are their issue.

const PAYOUT = ['payout'] as const;

/** Per tier: what `issue-status` prints. */
export const ISSUE_STATUS = object({
  tier: STRING,
  accepted: NUMBER,
  issued: NUMBER,
  toIssue: NUMBER,
  late: NUMBER,
});

export const ISSUE_ITEM = object({
  id: STRING,
  reference: nullable(STRING),
  tier: STRING,
  code: STRING,
  way: oneOf(['transfer', 'parcel', 'handover']),
  state: oneOf(ISSUE_STATES),
  acceptedAt: STRING,
  /** YYYY-MM-DD: the acceptance's day, or the day its parcel came back. */
  waitingSince: STRING,
  /** YYYY-MM-DD once delivered or handed over. */
  issuedOn: nullable(STRING),
  parcel: NUMBER,
  carrier: nullable(STRING),
  tracking: nullable(STRING),
  shippedOn: nullable(STRING),
  /** The car: the last day of its registration formalities (10 working days from the handover). */
  registrationBy: nullable(STRING),
  late: BOOLEAN,
  /** The caller decided or approved it: another person records its issue (docs/decisions/staff.md#role-pairs). */
  decidedByYou: BOOLEAN,
  steps: array(
    object({
      parcel: NUMBER,
      step: oneOf(ISSUE_STEPS),
      day: STRING,
      carrier: nullable(STRING),
      tracking: nullable(STRING),
      recordedAt: STRING,
    }),
  ),
});

export const issueCall = panelCall({
  method: 'GET',
  path: '/issue',
  access: PAYOUT,
  reply: object({
    /** spec §1: the last issue day, YYYY-MM-DD. */
    deadline: STRING,
    /** The campaign clock's Warsaw day, which lateness is counted on. */
    today: STRING,
    open: array(ISSUE_ITEM),
    issued: array(ISSUE_ITEM),
    status: array(ISSUE_STATUS),
  }),
});

export const issueStepCall = panelCall({
  method: 'POST',
  path: '/issue/:id/steps',
  access: PAYOUT,
  params: object({ id: STRING }),
  body: object({ step: oneOf(ISSUE_STEPS), day: STRING, carrier: STRING, tracking: STRING }, [
    'carrier',
    'tracking',
  ]),
  reply: ISSUE_ITEM,
});

export const ISSUE_CALLS = [issueCall, issueStepCall] as const;
