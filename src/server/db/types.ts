// Table shapes as Kysely sees them. Only src/server/db speaks SQL.
import type {
  ComplaintChannel,
  ComplaintDecision,
  ComplaintState,
} from '#shared/complaint/complaint-states.ts';
import type { IssueStep } from '#shared/issue-states.ts';

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface InstantWinnerTable {
  record_key: string;
  date: string;
  code: string;
  award: string;
  user_publish: string;
}

export interface DrawWinnerTable {
  record_key: string;
  draw_name: string;
  price: string;
  price_rank: number;
  code: string;
  name: string;
  testimonial_id: string;
  /** The reserve entry the prize passed to (docs/decisions/review.md#reserve); the record is then not listed. */
  passed_to?: string | null;
}

/** docs/decisions/review.md#reserve: a reserve entry of the winners file (`"reserve": n`), not published. */
export interface ReserveEntryTable {
  record_key: string;
  draw_name: string;
  price: string;
  price_rank: number;
  reserve: number;
  code: string;
  name: string;
  testimonial_id: string;
  /** Sealed like a claim's (claims.ts sealClaimEmail, bound to this record key). */
  email_sealed: string;
  email_digest: string;
  phone_digest: string | null;
  /** The forfeited claim whose prize passed to this entry. */
  promoted_from: string | null;
  /** The claim the entry got then. */
  claim_id: string | null;
  promoted_at: string | null;
}

export interface ClaimTable {
  id: string;
  record_key: string;
  code: string;
  tier: string;
  prize: string;
  hash_digest: string | null;
  /** Tiers III and VI: keyed digests of the contact the code was registered with (docs/decisions/claims.md#claims). */
  email_digest: string | null;
  phone_digest: string | null;
  /** The winners file's e-mail, sealed, while mail to it may still be due; null once none may be. */
  email_sealed: string | null;
  created_at: string;
}

export interface StatementTable {
  id: string;
  claim_id: string;
  tier: string;
  code: string;
  /**
   * Empty: rows stored before everything was sealed kept some fields here in the clear, as JSON, until
   * the reseal on start (src/server/statements/keys.ts) moved them into `secrets`.
   */
  payload: string;
  /** Everything the winner sent, AES-256-GCM (src/server/statements/sealed.ts). */
  secrets: string;
  /** The coupon photo, sealed apart. */
  image: string | null;
  /** What the winner reads aloud on the phone (statements/reference.ts); null for statements from before it. */
  reference: string | null;
  /** Real clock: when it arrived (a record; retention counts from it). */
  created_at: string;
  /** Campaign clock: when it arrived, as its claim's deadline (claims.created_at) is read. */
  campaign_received_at: string;
}

/** A statement the operator rejected (reopen-claim), kept as evidence until the retention purge. */
export interface RejectedStatementTable extends StatementTable {
  rejected_at: string;
}

export interface OptoutTable {
  hash_digest: string;
  email: string;
  issued_at: string;
  resigned_at: string | null;
}

/** docs/api.md#e-mail: every kind of mail, in the order mail-status lists them. */
export const MAIL_KINDS = [
  'link',
  'reminder',
  'received',
  'verdict',
  'invitation',
  'staff-recovery',
  'passkey-changed',
  'complaint-received',
  'complaint-answer',
  'shipped',
] as const;
export type MailKindColumn = (typeof MAIL_KINDS)[number];
/** docs/api.md#e-mail: the staff's own mail, about no claim: a one-time link, or a passkey-change notice. */
export type StaffMailKind = StaffLinkMailKind | 'passkey-changed';
export type StaffLinkMailKind = 'invitation' | 'staff-recovery';
export type OutboxState = 'queued' | 'sent' | 'failed' | 'cancelled';

/** docs/decisions/mail.md#outbox: one message to send, its state, and its attempts so far. */
export interface OutboxTable {
  id: string;
  /** Null for staff mail. */
  claim_id: string | null;
  kind: MailKindColumn;
  /** Which one of its kind for the claim: the reminder's number, the link's issue (0 at import). */
  number: number;
  state: OutboxState;
  /** Campaign clock. */
  due_at: string;
  expires_at: string | null;
  /** Real clock. */
  next_attempt_at: string | null;
  lease_until: string | null;
  lease_owner: string | null;
  attempts: number;
  first_failed_at: string | null;
  /** The SMTP server's answer to the last failed attempt (no address). */
  last_error: string | null;
  sealed: string | null;
  created_at: string;
  /** Real clock: when the SMTP server took it. */
  sent_at: string | null;
  /** Campaign clock: the Warsaw day it was sent, compared with a complaint's deadline. */
  sent_on: string | null;
}

export interface Database {
  app_meta: AppMetaTable;
  instant_winners: InstantWinnerTable;
  draw_winners: DrawWinnerTable;
  claims: ClaimTable;
  statements: StatementTable;
  rejected_statements: RejectedStatementTable;
  optouts: OptoutTable;
  outbox: OutboxTable;
  staff: StaffTable;
  staff_roles: StaffRoleTable;
  staff_invitations: StaffInvitationTable;
  staff_passkeys: StaffPasskeyTable;
  staff_challenges: StaffChallengeTable;
  staff_sessions: StaffSessionTable;
  audit_log: AuditLogTable;
  reviews: ReviewTable;
  statement_marks: StatementMarkTable;
  reserve_entries: ReserveEntryTable;
  complaints: ComplaintTable;
  prize_issue_steps: PrizeIssueStepTable;
  prize_register: PrizeRegisterTable;
  retention_holds: RetentionHoldTable;
  retention_runs: RetentionRunTable;
  retention_receipts: RetentionReceiptTable;
  seal_keys: SealKeyTable;
}

/** docs/decisions/storage.md#bounded-keys: a key of a bounded family ('open', or a year as text). */
export interface SealKeyTable {
  family: string;
  id: string;
  state: 'current' | 'retired' | 'destroyed';
  changed_at: string;
}

export type { ComplaintChannel, ComplaintDecision, ComplaintState };

/** docs/decisions/complaints.md: a complaint (reklamacja), its clock, decision and answer. */
export interface ComplaintTable {
  id: string;
  reference: string;
  channel: ComplaintChannel;
  /** Warsaw days, RRRR-MM-DD. */
  received_on: string;
  postmarked_on: string | null;
  deadline: string;
  /** 0 or 1. */
  shortened: number;
  late: number;
  created_at: string;
  code: string | null;
  claim_id: string | null;
  /** What the person wrote, sealed (complaints/sealed.ts). */
  secrets: string;
  state: ComplaintState;
  decision: ComplaintDecision | null;
  reason: string | null;
  decided_by: string | null;
  decided_at: string | null;
  answer_channel: 'email' | 'post' | null;
  answer_mail: string | null;
  letter_number: string | null;
  letter_day: string | null;
  answered_by: string | null;
  answered_at: string | null;
}

export interface StaffTable {
  id: string;
  email: string;
  created_at: string;
  last_login_at: string | null;
}

export interface StaffRoleTable {
  staff_id: string;
  role: string;
}

export interface StaffInvitationTable {
  token_digest: string;
  staff_id: string;
  expires_at: string;
  /** docs/decisions/staff.md#reset: what gave the link. */
  kind: StaffLinkKind;
}

export type StaffLinkKind = 'invitation' | 'recovery';

export interface StaffPasskeyTable {
  /** The credential id, base64url. */
  id: string;
  staff_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: number | string;
  /** JSON array of the authenticator's transports, as it reported them. */
  transports: string | null;
  created_at: string;
  last_used_at: string | null;
  /** Typed by its person, or the browser and system it was made on; null for those made before names. */
  name: string | null;
}

export interface StaffChallengeTable {
  challenge: string;
  /** 'registration' (staff_id set: the invitation's or the session's person) or 'login'. */
  purpose: string;
  staff_id: string | null;
  expires_at: string;
}

export interface StaffSessionTable {
  token_digest: string;
  staff_id: string;
  created_at: string;
  last_seen_at: string;
  /** The passkey that opened it (a login, or the one registered); null for sessions opened before 011. */
  passkey_id: string | null;
  /** When it last proved a passkey: its login, or a check asked for since (docs/decisions/staff.md#passkey-check). */
  verified_at: string;
}

export interface AuditLogTable {
  seq: number;
  at: string;
  /** A staff member's id, or 'operator' for a command. */
  actor: string;
  action: string;
  subject: string | null;
  reason: string | null;
  /** JSON of ids and counts, never personal values. */
  details: string | null;
  prev_hash: string;
  hash: string;
}

export type ReviewState = 'in-review' | 'awaiting-approval' | 'accepted' | 'rejected';

/** docs/decisions/review.md#states: a statement's review, once taken. */
export interface ReviewTable {
  statement_id: string;
  claim_id: string;
  tier: string;
  state: ReviewState;
  reviewer_id: string;
  taken_at: string;
  outcome: 'accept' | 'reject' | null;
  /** A key of src/content/review.json `reasons` (reject only). */
  reason: string | null;
  /** Sealed. */
  note: string | null;
  decided_at: string | null;
  approver_id: string | null;
  approval: 'confirm' | 'send-back' | null;
  /** Sealed. */
  approval_note: string | null;
  approved_at: string | null;
  final_by: string | null;
  final_at: string | null;
  undo_until: string | null;
  /** The outbox entry of the verdict mail, while it may be undone. */
  verdict_mail: string | null;
  paid_at: string | null;
  paid_by: string | null;
}

export interface StatementMarkTable {
  statement_id: string;
  claim_id: string;
  /** A mark kind of the payload table (`review.mark`), or 'none' for a statement with none of them. */
  kind: string;
  digest: string;
  key_id: string;
}

/** docs/decisions/prize-issue.md#steps: what happened to a parcel, or the car's handover. */
export type { IssueStep };

/** docs/decisions/prize-issue.md#steps: one step of a prize's issue, never changed (the history). */
export interface PrizeIssueStepTable {
  id: string;
  statement_id: string;
  /** Which of the prize's parcels, from 1 (the car's handover is 1). */
  parcel: number;
  step: IssueStep;
  /** YYYY-MM-DD, a Warsaw day. */
  day: string;
  carrier: string | null;
  tracking: string | null;
  source: 'panel' | 'import';
  /** A staff member's id, or 'operator'. */
  recorded_by: string;
  recorded_at: string;
}

/** docs/decisions/prize-issue.md: one entry of the register as exported, appended only. */
export interface PrizeRegisterTable {
  number: number;
  statement_id: string;
  tier: string;
  /** YYYY-MM-DD; null: a correction saying the prize is no longer issued. */
  issued_on: string | null;
  /** The prize's value in złoty. */
  value: number;
  /** The entry this one corrects. */
  corrects: number | null;
  recorded_at: string;
}

/** docs/decisions/retention.md#holds: a hold set by hand on a statement (retention-hold). */
export interface RetentionHoldTable {
  reference: string;
  reason: string;
  /** A staff member's id, or 'operator'. */
  held_by: string;
  held_at: string;
}

/** docs/decisions/retention.md#once-a-day: a run that applied, one per day (its key). */
export interface RetentionRunTable {
  /** RRRR-MM-DD: the day it ran as of (the campaign clock's Warsaw day, or --on). */
  day: string;
  run: string;
  purged: number;
  held: number;
  ran_at: string;
}

/** docs/decisions/retention.md#receipts: one record emptied or deleted, without personal data. */
export interface RetentionReceiptTable {
  run: string;
  /** A class of the table of policies (retention/policies.ts). */
  class: string;
  /** A statement's reference (its id for one from before references), or the row's own id or digest. */
  reference: string;
  /** RRRR-MM-DD: its purge day. */
  day: string;
}
