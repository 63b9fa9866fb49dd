// The answers of the panel's calls (docs/api.md#staff-panel), as the page reads them: derived from the calls'
// one declaration (src/shared/panel-api), which the server registers its routes and serializes its replies
// from.
import type { ReplyOf } from '#shared/panel-api/call.ts';
import type * as review from '#shared/panel-api/review-calls.ts';
import type * as payouts from '#shared/panel-api/payout-calls.ts';
import type { FromSchema } from '#shared/panel-api/schema.ts';
import type * as session from '#shared/panel-api/session-calls.ts';
import type * as team from '#shared/panel-api/team-calls.ts';

export { ROLES, type Role } from '#shared/panel-api/access.ts';
export {
  QUEUE_STATES,
  type QueueState,
  type ReviewAction as StatementAction,
} from '#shared/review-states.ts';

export type Session = ReplyOf<typeof session.sessionCall>;
export type InvitationOptions = ReplyOf<typeof session.registrationOptionsCall>;

export type Passkey = FromSchema<typeof session.PASSKEY>;
/** docs/decisions/staff.md#sessions: one of one's own sessions. */
export type SessionLine = ReplyOf<typeof session.sessionsCall>[number];

export type Person = FromSchema<typeof team.PERSON>;
export type AuditPage = ReplyOf<typeof team.auditCall>;
export type AuditEntry = AuditPage['entries'][number];

export type QueueCounts = FromSchema<typeof review.QUEUE_COUNTS>;
export type QueueItem = FromSchema<typeof review.QUEUE_ITEM>;
export type ExpiredClaim = FromSchema<typeof review.EXPIRED_CLAIM>;
export type ReviewQueue = ReplyOf<typeof review.queueCall>;

export type ReviewStatement = FromSchema<typeof review.STATEMENT>;
export type StatementField = ReviewStatement['fields'][number];
export type Finding = ReviewStatement['findings'][number];
export type Outcome = NonNullable<ReviewStatement['decision']>['outcome'];
export type RejectReason = ReviewStatement['reasons'][number];
/** POST review/claims/:claimId/reserve: the reserve's new claim. */
export type ReservePromoted = ReplyOf<typeof review.reserveCall>;

export type Payouts = ReplyOf<typeof payouts.payoutsCall>;
export type PayoutEvent = Payouts['history'][number];
