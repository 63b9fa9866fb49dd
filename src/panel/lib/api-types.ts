// The answers of the panel's calls (docs/api.md#staff-panel), as the page reads them.
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

export const ROLES = ['reviewer', 'approver', 'payout', 'admin', 'auditor'] as const;
export type Role = (typeof ROLES)[number];

export interface Session {
  email: string;
  roles: string[];
  /** How long the session lasts without a call. */
  idleMinutes: number;
  /** When it ends however busy (8 hours after login), an ISO instant. */
  endsAt: string;
}

export interface SignedIn {
  email: string;
  roles: string[];
}

export interface InvitationOptions {
  email: string;
  roles: string[];
  options: PublicKeyCredentialCreationOptionsJSON;
}

export type LoginOptions = PublicKeyCredentialRequestOptionsJSON;
export type CreationOptions = PublicKeyCredentialCreationOptionsJSON;

/** docs/decisions/review.md#figures: one tier's figures, as `status` prints them. */
export interface TierLine {
  tier: string;
  claims: number;
  received: number;
  waiting: number;
  overdue: number;
  accepted: number;
  rejected: number;
  reopened: number;
  passedOn: number;
}

export interface MailLine {
  kind: string;
  queued: number;
  sent: number;
  failed: number;
  oldestQueuedMinutes: number | null;
}

export interface Overview {
  tiers: TierLine[];
  mail: MailLine[];
}

export interface Passkey {
  id: string;
  /** Typed by its person or the browser and system it was made on; null for one made before names. */
  name?: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

/** docs/decisions/staff.md#sessions: one of one's own sessions. */
export interface SessionLine {
  createdAt: string;
  lastSeenAt: string;
  /** The passkey that opened it; null for one opened before sessions knew it. */
  passkey: Pick<Passkey, 'id' | 'name' | 'createdAt'> | null;
  current: boolean;
}

export interface Person {
  id: string;
  email: string;
  roles: string[];
  passkeys: number;
  lastLoginAt: string | null;
  invitedUntil: string | null;
  /** When their latest invitation ended unused (none open now, no login since), or null. */
  invitationExpiredAt?: string | null;
}

/** docs/decisions/staff.md#people-and-roles: the link went by mail to the invitee, or none was needed. */
export interface Invitation {
  email: string;
  role: string;
  /** An invitation was e-mailed; false: the person has a passkey, and got the role alone. */
  mailed: boolean;
}

export interface AuditEntry {
  seq: number;
  at: string;
  actor: string;
  action: string;
  subject: string | null;
  reason: string | null;
  details: unknown;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** The e-mails of the staff the entries name (as actor or subject), by id. */
  people: Record<string, string>;
  /** The references of the statements the entries name (as subject or in details), by id. */
  statements?: Record<string, string | null>;
  /** The code and tier of the claims the entries name, by id. */
  claims?: Record<string, { code: string; tier: string }>;
  /** The `before` of the next, older page; null (or absent) on the last one. */
  next?: number | string | null;
}

// Review of statements (the calls under /panel/api/review/) and payouts (/panel/api/payouts).

/** A statement's review state (`state`). */
export const REVIEW_STATES = ['received', 'in-review', 'awaiting-approval', 'accepted', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** The queue's filter: `open` is received + in-review + awaiting-approval; `expired` lists claims instead. */
export const QUEUE_STATES = ['open', ...REVIEW_STATES, 'expired'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

/** What became of a prize lost (rejected finally, or expired). */
export type LostOutcome = 'reserve-available' | 'passed-to-reserve' | 'organiser';

export interface PassedTo {
  code: string;
  reserve: number;
}

/** One line per tier, all seven in tier order: how many statements (claims, for `expired`) in each state. */
export type QueueCounts = { tier: string } & Record<Exclude<QueueState, 'open'>, number>;

export interface QueueItem {
  id: string;
  reference: string;
  tier: string;
  code: string;
  state: ReviewState;
  receivedAt: string;
  /** YYYY-MM-DD, a Warsaw calendar date. */
  deadlineDate: string;
  /** The reviewer's e-mail; null while nobody holds it. */
  reviewer: string | null;
  /** When the reviewer took it; null while nobody holds it. */
  takenAt: string | null;
  mine: boolean;
  /** In review again because the approver sent it back. */
  sentBack: boolean;
  final: { at: string; undoUntil: string } | null;
  lost: LostOutcome | null;
}

export interface ExpiredClaim {
  claimId: string;
  tier: string;
  code: string;
  deadlineDate: string;
  lost: LostOutcome;
  passedTo: PassedTo | null;
}

export interface ReviewQueue {
  /** Null: every tier. */
  tier: string | null;
  state: QueueState;
  counts: QueueCounts[];
  items: QueueItem[];
  expired: ExpiredClaim[];
  page: number;
  pages: number;
  total: number;
}

/** POST review/next: the statement now held by the caller. */
export interface NextStatement {
  id: string;
}

export interface StatementField {
  name: string;
  label: string;
  /** A display string already; a masked field's shows only its last characters. */
  value: string;
  masked: boolean;
}

export type FindingLevel = 'ok' | 'warning' | 'info';

export interface Finding {
  level: FindingLevel;
  text: string;
}

export type Outcome = 'accept' | 'reject';

export interface Decision {
  outcome: Outcome;
  reason: string | null;
  reasonLabel: string | null;
  sentence: string | null;
  note: string;
  at: string;
}

export interface Approval {
  outcome: 'confirm' | 'send-back';
  by: string;
  at: string;
  note: string;
}

export interface Final {
  outcome: Outcome;
  at: string;
  undoUntil: string;
  canUndo: boolean;
}

export type StatementAction =
  | 'take'
  | 'decide'
  | 'give-back'
  | 'approve'
  | 'send-back'
  | 'release'
  | 'undo'
  | 'reveal'
  | 'pass-to-reserve';

export interface RejectReason {
  key: string;
  label: string;
  /** What the winner will read. */
  sentence: string;
}

export interface ReviewStatement {
  id: string;
  reference: string;
  tier: string;
  code: string;
  state: ReviewState;
  receivedAt: string;
  claim: { id: string; issuedDate: string; deadlineDate: string; reserve: number | null };
  fields: StatementField[];
  image: boolean;
  findings: Finding[];
  reviewer: { email: string; me: boolean } | null;
  decision: Decision | null;
  approval: Approval | null;
  final: Final | null;
  lost: LostOutcome | null;
  /** Not in the contract for a statement (only for an expired claim): shown when the server sends it. */
  passedTo?: PassedTo | null;
  actions: StatementAction[];
  reasons: RejectReason[];
}

export interface Revealed {
  value: string;
}

/** POST review/claims/:claimId/reserve: the reserve's new claim. */
export interface ReservePromoted {
  claimId: string;
  code: string;
  reserve: number;
}

export interface PayoutItem {
  id: string;
  reference: string;
  tier: string;
  code: string;
  /** A display string: "200,00 zł". */
  amount: string;
  acceptedAt: string;
  /** The caller decided or approved it: another person pays it (docs/decisions/staff.md#role-pairs). */
  decidedByYou: boolean;
}

/** An export, a payment or an undone payment, from the audit trail. */
export interface PayoutEvent {
  at: string;
  action: 'payouts-exported' | 'payouts-paid' | 'payout-undone';
  /** Who, by e-mail; null for a person no longer kept. */
  by: string | null;
  references: string[];
  sum: string;
  reason: string | null;
}

export interface Payouts {
  items: PayoutItem[];
  total: number;
  sum: string;
  /** The newest first. */
  history: PayoutEvent[];
}

export interface PaidAnswer {
  paid: number;
}

export interface UndoneAnswer {
  reference: string;
}
