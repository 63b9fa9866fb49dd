import { randomUUID } from 'node:crypto';
import type { PrizeKey, TierId } from '#shared/campaign.ts';
import type { ClaimMailFacts, ComplaintMailFacts, PasskeyNoticeFacts, StaffMailFacts } from './compose';
import { isoAt } from '../clock';
import { decryptText, type Sealer } from '../crypto/encryption';
import type { MailKindColumn, OutboxTable } from '../db/types';
import { statementDeadline } from '../claims/deadline';
import { FINAL_REMINDER, reminderTimes } from './schedule';

// docs/decisions/mail.md#outbox: what a queued message will say, sealed with its address until it is sent.

type ClaimFacts = Pick<ClaimMailFacts, 'tier' | 'prize' | 'code'>;

/**
 * A message's facts as queued: a winner's links as paths, made absolute with PUBLIC_URL by the server that
 * sends; staff mail's link whole, on the panel's origin (docs/decisions/mail.md#outbox).
 */
export type QueuedFacts =
  | (ClaimMailFacts extends infer Facts
      ? Facts extends { url: string }
        ? Omit<Facts, 'url'> & { path: string }
        : Facts
      : never)
  | StaffMailFacts
  | PasskeyNoticeFacts
  | ComplaintMailFacts;

export interface MailOrder {
  to: string;
  facts: QueuedFacts;
}

/** The claim as a message needs it. */
export interface MailClaim {
  id: string;
  tier: string;
  prize: string;
  code: string;
  /** When the link was first issued (campaign clock): the deadline and the reminders count from it. */
  created_at: string;
}

export const orderContext = (id: string) => `mail:${id}`;

/**
 * docs/decisions/storage.md#bounded-keys: a message's order (its address, its link) is sealed with the open
 * family's key, held by the transaction that queues it, like the statement whose address it may carry.
 */
type Seal = Pick<Sealer, 'seal'>;

export const sealOrder = (sealer: Seal, id: string, order: MailOrder): string =>
  sealer.seal(Buffer.from(JSON.stringify(order), 'utf8'), orderContext(id));

export const openOrder = (keys: readonly Buffer[], id: string, sealed: string): MailOrder =>
  JSON.parse(decryptText(keys, sealed, orderContext(id))) as MailOrder;

const claimFacts = (claim: MailClaim): ClaimFacts => ({
  tier: claim.tier as TierId,
  prize: claim.prize as PrizeKey,
  code: claim.code,
});

interface EntryTimes {
  /** Campaign clock. */
  dueMs: number;
  expiresMs?: number;
  /** Real clock. */
  nowMs: number;
}

function entry(
  sealer: Seal,
  claimId: string | null,
  kind: MailKindColumn,
  number: number,
  order: MailOrder,
  times: EntryTimes,
): OutboxTable {
  const id = randomUUID();
  return {
    id,
    claim_id: claimId,
    kind,
    number,
    state: 'queued',
    due_at: isoAt(times.dueMs),
    expires_at: times.expiresMs === undefined ? null : isoAt(times.expiresMs),
    next_attempt_at: null,
    lease_until: null,
    lease_owner: null,
    attempts: 0,
    first_failed_at: null,
    last_error: null,
    sealed: sealOrder(sealer, id, order),
    created_at: isoAt(times.nowMs),
    sent_at: null,
    sent_on: null,
  };
}

// A claim's link mail and its reminders: the one place they are assembled (firstLinkMail, reissuedLinkMail).

/**
 * A claim's link mail (number 0 at import, the next one at each reissue), due at once; `reserve` for a prize
 * passed to a reserve entry, whose mail says so rather than reading like a first win.
 */
function linkEntry(
  sealer: Seal,
  claim: MailClaim,
  to: string,
  path: string,
  number: number,
  clocks: { campaignMs: number; realMs: number },
  reserve = false,
): OutboxTable {
  const deadline = statementDeadline(Date.parse(claim.created_at));
  const facts: QueuedFacts = {
    ...claimFacts(claim),
    kind: 'link',
    path,
    deadline,
    ...(reserve ? { reserve: true } : {}),
  };
  return entry(
    sealer,
    claim.id,
    'link',
    number,
    { to, facts },
    { dueMs: clocks.campaignMs, nowMs: clocks.realMs },
  );
}

/** The reminder's order: the link again, as of the claim's current link. */
function reminderOrder(claim: MailClaim, to: string, path: string, final: boolean): MailOrder {
  const deadline = statementDeadline(Date.parse(claim.created_at));
  return { to, facts: { ...claimFacts(claim), kind: 'reminder', path, deadline, final } };
}

/**
 * A new claim's mail: its link (number 0), due at once, and its reminders (schedule.ts), all queued together.
 * At import, and for a prize passed to a reserve entry (`reserve`).
 */
export function firstLinkMail(
  sealer: Seal,
  claim: MailClaim,
  to: string,
  path: string,
  clocks: { campaignMs: number; realMs: number },
  reserve = false,
): OutboxTable[] {
  const reminders = reminderTimes(Date.parse(claim.created_at)).map((reminder) =>
    entry(sealer, claim.id, 'reminder', reminder.number, reminderOrder(claim, to, path, reminder.final), {
      dueMs: reminder.dueMs,
      expiresMs: reminder.expiresMs,
      nowMs: clocks.realMs,
    }),
  );
  return [linkEntry(sealer, claim, to, path, 0, clocks, reserve), ...reminders];
}

/**
 * A reissued link's mail: the new link's mail (`number`, the next one) and the claim's still queued
 * reminders sealed again, carrying the new link.
 */
export function reissuedLinkMail(
  sealer: Seal,
  claim: MailClaim,
  to: string,
  path: string,
  number: number,
  clocks: { campaignMs: number; realMs: number },
  queuedReminders: readonly { id: string; number: number }[],
): { link: OutboxTable; reminders: { id: string; sealed: string }[] } {
  return {
    link: linkEntry(sealer, claim, to, path, number, clocks),
    reminders: queuedReminders.map(({ id, number: reminder }) => ({
      id,
      sealed: sealOrder(sealer, id, reminderOrder(claim, to, path, reminder === FINAL_REMINDER)),
    })),
  };
}

/**
 * The confirmation of a statement: its reference and the day it arrived, nothing the winner typed. Its
 * number is 0: the claim's current statement's (a rejected one's moves up: rejectStatementsOfClaims).
 */
export function receivedEntry(
  sealer: Seal,
  claim: MailClaim,
  to: string,
  facts: { reference: string; receivedOn: string },
  clocks: { campaignMs: number; realMs: number },
): OutboxTable {
  return entry(
    sealer,
    claim.id,
    'received',
    0,
    { to, facts: { ...claimFacts(claim), kind: 'received', ...facts } },
    { dueMs: clocks.campaignMs, nowMs: clocks.realMs },
  );
}

/** docs/decisions/review.md#undo-window: the staff's verdict, held back until its undo window has passed. */
export function verdictEntry(
  sealer: Seal,
  claim: MailClaim,
  to: string,
  facts: { reference: string; outcome: 'accepted' | 'rejected'; reason?: string },
  number: number,
  clocks: { campaignMs: number; realMs: number; notBeforeMs: number },
): OutboxTable {
  const row = entry(
    sealer,
    claim.id,
    'verdict',
    number,
    { to, facts: { ...claimFacts(claim), kind: 'verdict', ...facts } },
    { dueMs: clocks.campaignMs, nowMs: clocks.realMs },
  );
  return { ...row, next_attempt_at: isoAt(clocks.notBeforeMs) };
}

/**
 * A staff member's mail (an invitation, a recovery link, a passkey-change notice), due at once: about no
 * claim, the only one of its row.
 */
export const staffMailEntry = (
  sealer: Seal,
  to: string,
  facts: StaffMailFacts | PasskeyNoticeFacts,
  clocks: EntryClocks,
): OutboxTable => unclaimedEntry(sealer, to, facts, clocks);

/** docs/decisions/complaints.md#mail: a complaint's confirmation or answer, due at once; about no claim. */
export const complaintMailEntry = (
  sealer: Seal,
  to: string,
  facts: ComplaintMailFacts,
  clocks: EntryClocks,
): OutboxTable => unclaimedEntry(sealer, to, facts, clocks);

type EntryClocks = { campaignMs: number; realMs: number };

/** A message about no claim (staff, complaints), due at once. */
const unclaimedEntry = (
  sealer: Seal,
  to: string,
  facts: StaffMailFacts | PasskeyNoticeFacts | ComplaintMailFacts,
  clocks: EntryClocks,
): OutboxTable =>
  entry(sealer, null, facts.kind, 0, { to, facts }, { dueMs: clocks.campaignMs, nowMs: clocks.realMs });

/**
 * docs/decisions/prize-issue.md#shipped-mail: the prize's parcel is on its way; `number` is the parcel's (a
 * returned prize sent again gets a second message, a file imported twice none).
 */
export function shippedEntry(
  sealer: Seal,
  claim: Omit<MailClaim, 'created_at'>,
  to: string,
  facts: { reference: string; carrier: string; tracking: string; shippedOn: string },
  number: number,
  clocks: { campaignMs: number; realMs: number },
): OutboxTable {
  return entry(
    sealer,
    claim.id,
    'shipped',
    number,
    { to, facts: { ...claimFacts({ ...claim, created_at: '' }), kind: 'shipped', ...facts } },
    { dueMs: clocks.campaignMs, nowMs: clocks.realMs },
  );
}
