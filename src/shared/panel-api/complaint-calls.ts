import { COMPLAINT_CHANNELS, COMPLAINT_DECISIONS, COMPLAINT_STATES } from '../complaint/complaint-states';
import { panelCall } from './call';
import { array, BOOLEAN, nullable, NUMBER, object, oneOf, STRING } from './schema';

// docs/api.md#staff-panel, docs/decisions/complaints.md#desk: the complaints desk's calls (role `complaints`).

const COMPLAINTS = ['complaints'] as const;
const BY_ID = object({ id: STRING });
const DAY = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const DECISION = oneOf(COMPLAINT_DECISIONS);

/** A complaint as the list shows it: no personal value. */
export const COMPLAINT_LINE = object({
  id: STRING,
  reference: STRING,
  channel: oneOf(COMPLAINT_CHANNELS),
  receivedOn: STRING,
  deadline: STRING,
  /** Calendar days to the deadline (Warsaw, campaign clock): 0 on its last day, negative once overdue. */
  daysLeft: NUMBER,
  shortened: BOOLEAN,
  late: BOOLEAN,
  state: oneOf(COMPLAINT_STATES),
  decision: nullable(DECISION),
});

export const complaintsCall = panelCall({
  method: 'GET',
  path: '/complaints',
  access: COMPLAINTS,
  /** The unanswered ones, by deadline, earliest first. */
  reply: object({ items: array(COMPLAINT_LINE) }),
});

/** The claim a complaint's code names: its statement and the review's decision, no statement field. */
const LINKED_CLAIM = object({
  code: STRING,
  tier: STRING,
  prize: STRING,
  statementReference: nullable(STRING),
  review: nullable(STRING),
  /** The review's rejection ground, as the winner read it. */
  rejectionReason: nullable(STRING),
  /** docs/decisions/complaints.md#reopen: an upheld complaint about a rejected statement. */
  canReopen: BOOLEAN,
});

export const complaintCall = panelCall({
  method: 'GET',
  path: '/complaints/:id',
  access: COMPLAINTS,
  params: BY_ID,
  reply: object({
    line: COMPLAINT_LINE,
    postmarkedOn: nullable(STRING),
    reason: nullable(STRING),
    /** What the person wrote (opening it is audited). */
    text: object({
      name: STRING,
      surName: STRING,
      address: STRING,
      email: STRING,
      code: nullable(STRING),
      eventDate: STRING,
      description: STRING,
      demand: STRING,
    }),
    claim: nullable(LINKED_CLAIM),
    /** The answer as it will be sent, once decided. */
    preview: nullable(object({ subject: STRING, text: STRING })),
    answer: nullable(
      object({
        channel: oneOf(['email', 'post']),
        /** The outbox's sent time, or the letter's day; null while the e-mail waits. */
        sentAt: nullable(STRING),
        letterNumber: nullable(STRING),
        onTime: nullable(BOOLEAN),
      }),
    ),
  }),
});

export const complaintDecisionCall = panelCall({
  method: 'POST',
  path: '/complaints/:id/decision',
  access: COMPLAINTS,
  params: BY_ID,
  body: object({ decision: DECISION, reason: STRING }),
  reply: object({ state: STRING }),
});

export const complaintAnswerMailCall = panelCall({
  method: 'POST',
  path: '/complaints/:id/answer-mail',
  access: COMPLAINTS,
  params: BY_ID,
  body: object({}),
  reply: object({ state: STRING }),
});

export const complaintAnswerLetterCall = panelCall({
  method: 'POST',
  path: '/complaints/:id/answer-letter',
  access: COMPLAINTS,
  params: BY_ID,
  body: object({ letterNumber: STRING, letterDay: DAY }),
  reply: object({ state: STRING }),
});

export const complaintReopenCall = panelCall({
  method: 'POST',
  path: '/complaints/:id/reopen-claim',
  access: COMPLAINTS,
  params: BY_ID,
  body: object({}),
  reply: object({ rejected: NUMBER }),
});

/** 'Dodaj reklamację': one that came by post, the form's fields as the form sends them. */
export const complaintAddCall = panelCall({
  method: 'POST',
  path: '/complaints',
  access: COMPLAINTS,
  body: object(
    {
      receivedOn: DAY,
      postmarkedOn: nullable(DAY as unknown as { type: 'string' }),
      complaint: { type: 'object' } as const,
    },
    [],
  ),
  reply: object({ id: STRING, reference: STRING, deadline: STRING, shortened: BOOLEAN, late: BOOLEAN }),
});

export const COMPLAINT_CALLS = [
  complaintsCall,
  complaintCall,
  complaintAddCall,
  complaintDecisionCall,
  complaintAnswerMailCall,
  complaintAnswerLetterCall,
  complaintReopenCall,
] as const;
