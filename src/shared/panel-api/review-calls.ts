import {
  QUEUE_STATES,
  REVIEW_ACTIONS,
  REVIEW_ROLES,
  REVIEW_STATES,
  rolesFor,
  type ReviewAction,
} from '../review-states';
import { panelCall } from './call';
import { array, BOOLEAN, nullable, NUMBER, object, oneOf, STRING } from './schema';

// docs/api.md#staff-panel: the review of statements (the calls under /panel/api/review/). Who may use each
// call comes from the review's transitions (src/shared/review-states.ts).

const NO_BODY = object({});
const ID = object({ id: STRING });

/** What became of a prize lost (rejected finally, or expired). */
export const LOST = oneOf(['reserve-available', 'passed-to-reserve', 'organiser']);
const PASSED_TO = object({ code: STRING, reserve: NUMBER });
const STATE = oneOf(REVIEW_STATES);

/** One line per tier, all seven in tier order: how many statements (claims, for `expired`) in each state. */
export const QUEUE_COUNTS = object({
  tier: STRING,
  received: NUMBER,
  'in-review': NUMBER,
  'awaiting-approval': NUMBER,
  accepted: NUMBER,
  rejected: NUMBER,
  expired: NUMBER,
});

export const QUEUE_ITEM = object(
  {
    id: STRING,
    /** Null for a statement from before references. */
    reference: nullable(STRING),
    tier: STRING,
    code: STRING,
    state: STATE,
    receivedAt: STRING,
    /** YYYY-MM-DD, a Warsaw calendar date. */
    deadlineDate: STRING,
    /** The reviewer's e-mail; null while nobody holds it. */
    reviewer: nullable(STRING),
    /** When the reviewer took it; null while nobody holds it. */
    takenAt: nullable(STRING),
    mine: BOOLEAN,
    /** In review again because the approver sent it back. */
    sentBack: BOOLEAN,
    final: nullable(object({ at: STRING, undoUntil: STRING })),
    lost: nullable(LOST),
    passedTo: nullable(PASSED_TO),
  },
  ['passedTo'],
);

export const EXPIRED_CLAIM = object({
  claimId: STRING,
  tier: STRING,
  code: STRING,
  deadlineDate: STRING,
  lost: LOST,
  passedTo: nullable(PASSED_TO),
});

export const queueCall = panelCall({
  method: 'GET',
  path: '/review/queue',
  access: REVIEW_ROLES,
  querystring: object({ tier: STRING, state: STRING, page: STRING }, ['tier', 'state', 'page']),
  reply: object({
    /** Null: every tier. */
    tier: nullable(STRING),
    state: oneOf(QUEUE_STATES),
    counts: array(QUEUE_COUNTS),
    items: array(QUEUE_ITEM),
    expired: array(EXPIRED_CLAIM),
    page: NUMBER,
    pages: NUMBER,
    total: NUMBER,
  }),
});

/** 'Weź następne': the statement now held by the caller. */
export const nextCall = panelCall({
  method: 'POST',
  path: '/review/next',
  access: rolesFor('take'),
  body: object({ tier: STRING }, ['tier']),
  reply: object({ id: STRING }),
});

const OUTCOME = oneOf(['accept', 'reject']);

export const STATEMENT = object(
  {
    id: STRING,
    /** Null for a statement from before references. */
    reference: nullable(STRING),
    tier: STRING,
    code: STRING,
    state: STATE,
    receivedAt: STRING,
    claim: object({ id: STRING, issuedDate: STRING, deadlineDate: STRING, reserve: nullable(NUMBER) }),
    /** A display string already; a masked field's shows only its last characters. */
    fields: array(object({ name: STRING, label: STRING, value: STRING, masked: BOOLEAN })),
    image: BOOLEAN,
    findings: array(object({ level: oneOf(['ok', 'warning', 'info']), text: STRING })),
    reviewer: nullable(object({ email: STRING, me: BOOLEAN })),
    decision: nullable(
      object({
        outcome: OUTCOME,
        reason: nullable(STRING),
        reasonLabel: nullable(STRING),
        sentence: nullable(STRING),
        note: STRING,
        at: STRING,
      }),
    ),
    approval: nullable(
      object({ outcome: oneOf(['confirm', 'send-back']), by: STRING, at: STRING, note: STRING }),
    ),
    final: nullable(object({ outcome: OUTCOME, at: STRING, undoUntil: STRING, canUndo: BOOLEAN })),
    lost: nullable(LOST),
    /** Not in the contract for a statement (only for an expired claim): shown when the server sends it. */
    passedTo: nullable(PASSED_TO),
    /** What the caller may do now (src/shared/review-states.ts). */
    actions: array(oneOf(REVIEW_ACTIONS)),
    /** `sentence`: what the winner will read. */
    reasons: array(object({ key: STRING, label: STRING, sentence: STRING })),
  },
  ['passedTo'],
);

const onStatement = <const P extends string>(path: P) => `/review/statements/:id${path}` as const;

export const statementCall = panelCall({
  method: 'GET',
  path: onStatement(''),
  access: REVIEW_ROLES,
  params: ID,
  reply: STATEMENT,
});

/** docs/decisions/review.md#unmasking: why a look is needed (a key of review.json's list), a short note. */
const LOOK = { reason: STRING, note: nullable(STRING) } as const;

export const imageCall = panelCall({
  method: 'GET',
  path: onStatement('/image'),
  access: rolesFor('reveal'),
  params: ID,
  querystring: object({ reason: STRING, note: STRING }, ['reason', 'note']),
  reply: { file: 'image/png' },
});

export const revealCall = panelCall({
  method: 'POST',
  path: onStatement('/reveal'),
  access: rolesFor('reveal'),
  params: ID,
  body: object({ field: STRING, ...LOOK }, ['field', 'reason', 'note']),
  reply: object({ value: STRING }),
});

const transition = <const P extends string, const A extends ReviewAction[]>(path: P, ...actions: A) =>
  ({
    method: 'POST',
    path: onStatement(path),
    access: rolesFor(...actions),
    params: ID,
    reply: STATEMENT,
  }) as const;

export const takeCall = panelCall({ ...transition('/take', 'take'), body: NO_BODY });

export const decisionCall = panelCall({
  ...transition('/decision', 'decide'),
  body: object({ outcome: STRING, reason: nullable(STRING), note: nullable(STRING) }, [
    'outcome',
    'reason',
    'note',
  ]),
});

export const approvalCall = panelCall({
  ...transition('/approval', 'approve', 'send-back'),
  body: object({ outcome: STRING, note: nullable(STRING) }, ['outcome', 'note']),
});

export const giveBackCall = panelCall({ ...transition('/give-back', 'give-back'), body: NO_BODY });
export const releaseCall = panelCall({ ...transition('/release', 'release'), body: NO_BODY });
export const undoCall = panelCall({ ...transition('/undo', 'undo'), body: NO_BODY });

/** docs/decisions/review.md#reserve: the reserve's new claim. */
export const reserveCall = panelCall({
  method: 'POST',
  path: '/review/claims/:id/reserve',
  access: rolesFor('pass-to-reserve'),
  params: ID,
  body: NO_BODY,
  reply: object({ claimId: STRING, code: STRING, reserve: NUMBER }),
});

export const REVIEW_CALLS = [
  queueCall,
  nextCall,
  statementCall,
  imageCall,
  revealCall,
  takeCall,
  giveBackCall,
  releaseCall,
  decisionCall,
  approvalCall,
  undoCall,
  reserveCall,
] as const;
