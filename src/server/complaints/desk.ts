import complaintTexts from '#content/complaints.json';
import reviewTexts from '#content/review.json';
import { answeredInTime, daysLeft } from '#shared/complaint-dates.ts';
import type { ComplaintBody } from '#shared/complaint/complaint-form.ts';
import { fill } from '#shared/content/template.ts';
import { campaignFacts } from '#shared/content/texts.ts';
import { isWarsawLocalTime, warsawDate } from '#shared/warsaw-time.ts';
import { isoAt } from '../clock';
import type { AppDeps } from '../deps';
import {
  answerComplaint,
  answerSentOn,
  claimOfComplaint,
  complaintById,
  decideComplaint,
  openComplaints,
  type ComplaintMailRow,
} from '../db/complaints';
import { PURGED, rejectStatementsOfClaims } from '../db/statements';
import type { ComplaintDecision, ComplaintTable } from '../db/types';
import { DomainError } from '../domain-errors';
import { composeMail, type ComplaintMailFacts } from '../mail/compose';
import { complaintMailEntry } from '../mail/orders';
import { appendAudit, recordAudit } from '../staff/audit';
import { registerComplaint } from './complaints';
import { unsealComplaint } from './sealed';
import { heldSealer } from '../statements/period-keys';
import { validateComplaint } from './validate-complaint';
import { problemsMessage } from '../statements/validate-statement';

// docs/decisions/complaints.md#desk: the complaints committee's desk in the panel. Every look at a complaint
// and every step is an audit entry; the list holds no personal value and is not audited.

const messages = complaintTexts.messages;
const today = (deps: AppDeps) => warsawDate(deps.clock.campaign());
const keysOf = (deps: AppDeps) => [deps.statementsKey];

function line(row: ComplaintTable, on: string) {
  return {
    id: row.id,
    reference: row.reference,
    channel: row.channel,
    receivedOn: row.received_on,
    deadline: row.deadline,
    daysLeft: daysLeft(row.deadline, on),
    shortened: row.shortened === 1,
    late: row.late === 1,
    state: row.state,
    decision: row.decision,
  };
}

/** The unanswered complaints, by deadline. */
export async function complaintList(deps: AppDeps) {
  const on = today(deps);
  return { items: (await openComplaints(deps.storage.db)).map((row) => line(row, on)) };
}

/** The counts the panel's first screen shows. */
export async function complaintFigures(deps: AppDeps) {
  const items = (await complaintList(deps)).items;
  return { open: items.length, overdue: items.filter((item) => item.daysLeft < 0).length };
}

async function found(deps: AppDeps, id: string) {
  const row = await complaintById(deps.storage.db, id);
  if (!row) throw new DomainError('not-found', messages.unknown);
  return row;
}

const reasonsOf = (decision: ComplaintDecision) => complaintTexts.reasons[decision];
const sentence = (decision: ComplaintDecision, key: string) =>
  fill(reasonsOf(decision).find((reason) => reason.key === key)?.sentence ?? '', campaignFacts);

function answerFacts(row: ComplaintTable): ComplaintMailFacts | undefined {
  if (row.decision === null || row.reason === null) return undefined;
  return {
    kind: 'complaint-answer',
    reference: row.reference,
    receivedOn: row.received_on,
    decision: row.decision,
    reason: sentence(row.decision, row.reason),
    late: row.late === 1,
  };
}

/** A complaint's page: what the person wrote, the claim it names, the answer's preview. Audited. */
export async function openComplaint(deps: AppDeps, staffId: string, id: string) {
  const row = await found(deps, id);
  // docs/decisions/retention.md#complaints: an answered complaint's text goes with its period.
  if (row.secrets === PURGED) throw new DomainError('conflict', messages.purged);
  const body: ComplaintBody = unsealComplaint(keysOf(deps), row.id, row.secrets);
  await recordAudit(deps.storage, deps.clock, {
    actor: staffId,
    action: 'complaint-opened',
    subject: row.reference,
  });
  const claim = row.claim_id === null ? undefined : await claimOfComplaint(deps.storage.db, row.claim_id);
  const facts = answerFacts(row);
  const composed = facts && composeMail(facts);
  const { street, houseNumber, apartmentNumber, postalCode, city } = body.address;
  const house = apartmentNumber ? `${houseNumber}/${apartmentNumber}` : houseNumber;
  return {
    line: line(row, today(deps)),
    postmarkedOn: row.postmarked_on,
    reason: row.reason,
    text: {
      ...body,
      address: `${[street, house].filter(Boolean).join(' ')}, ${postalCode} ${city}`,
    },
    claim: claim
      ? {
          code: claim.code,
          tier: claim.tier,
          prize: claim.prize,
          statementReference: claim.statement_reference,
          review: claim.review_state,
          rejectionReason:
            reviewTexts.reasons.find((reason) => reason.key === claim.review_reason)?.sentence ?? null,
          canReopen: row.decision === 'upheld' && claim.review_state === 'rejected',
        }
      : null,
    preview: composed ? { subject: composed.subject, text: composed.text } : null,
    answer: answerOf(row),
  };
}

/**
 * How the answer left, on which day, and whether in time (docs/decisions/complaints.md#clock): the letter's day,
 * or the Warsaw day the outbox sent the e-mail on the campaign clock (its real `sent_at` is the outbox's own).
 */
function answerOf(row: ComplaintMailRow) {
  if (row.answer_channel === null) return null;
  const sentOn = answerSentOn(row);
  return {
    channel: row.answer_channel,
    sentAt: row.answer_channel === 'post' ? row.letter_day : row.mail_sent_on,
    letterNumber: row.letter_number,
    onTime: sentOn === null ? null : answeredInTime(row.deadline, sentOn),
  };
}

/** 'Uznaj' or 'Odrzuć' with a ground from the content file; changeable until the answer is sent. */
export async function decide(
  deps: AppDeps,
  staffId: string,
  id: string,
  { decision, reason }: { decision: ComplaintDecision; reason: string },
) {
  const row = await found(deps, id);
  if (!reasonsOf(decision).some((known) => known.key === reason))
    throw new DomainError('invalid', messages.reasonInvalid);
  if (row.state === 'answered') throw new DomainError('conflict', messages.answered);
  await deps.storage.db.transaction().execute(async (trx) => {
    const changed = await decideComplaint(trx, id, {
      decision,
      reason,
      decided_by: staffId,
      // A fact of the lottery, on the campaign clock (docs/decisions/server-house.md#two-clocks-chosen-per-use).
      decided_at: isoAt(deps.clock.campaign()),
    });
    if (!changed) throw new DomainError('conflict', messages.answered);
    await appendAudit(trx, deps.storage, deps.clock, {
      actor: staffId,
      action: 'complaint-decided',
      subject: row.reference,
      reason,
      details: { decision },
    });
  });
  return { state: 'decided' };
}

/** The answer, sent: by e-mail through the outbox, or recorded as a registered letter. */
export async function sendAnswer(
  deps: AppDeps,
  staffId: string,
  id: string,
  how: { channel: 'email' } | { channel: 'post'; letterNumber: string; letterDay: string },
) {
  const row = await found(deps, id);
  if (row.state === 'answered') throw new DomainError('conflict', messages.answered);
  const facts = answerFacts(row);
  if (!facts) throw new DomainError('conflict', messages.notDecided);
  if (how.channel === 'post') {
    const number = how.letterNumber.trim();
    const valid =
      number !== '' &&
      number.length <= 64 &&
      isWarsawLocalTime(how.letterDay) &&
      how.letterDay >= row.received_on &&
      how.letterDay <= today(deps);
    if (!valid) throw new DomainError('invalid', messages.letterInvalid);
  }
  const clocks = { campaignMs: deps.clock.campaign(), realMs: deps.clock.real() };
  const to = how.channel === 'email' ? unsealComplaint(keysOf(deps), row.id, row.secrets).email : undefined;
  await deps.storage.db.transaction().execute(async (trx) => {
    const mail =
      to === undefined
        ? undefined
        : complaintMailEntry(await heldSealer(trx, deps.storage.keysDir, 'open'), to, facts, clocks);
    const changed = await answerComplaint(
      trx,
      id,
      {
        answer_channel: how.channel,
        answer_mail: mail?.id ?? null,
        letter_number: how.channel === 'post' ? how.letterNumber.trim() : null,
        letter_day: how.channel === 'post' ? how.letterDay : null,
        answered_by: staffId,
        answered_at: isoAt(clocks.campaignMs),
      },
      mail,
    );
    if (!changed) throw new DomainError('conflict', messages.answered);
    await appendAudit(trx, deps.storage, deps.clock, {
      actor: staffId,
      action: 'complaint-answered',
      subject: row.reference,
      details: { channel: how.channel },
    });
  });
  return { state: 'answered' };
}

/**
 * docs/decisions/complaints.md#reopen: an upheld complaint about a rejected statement reopens its claim, as
 * `reopen-claim` does (the statement kept as evidence, the winner may send one again); on the trail.
 */
export async function reopenClaimOf(deps: AppDeps, staffId: string, id: string) {
  const row = await found(deps, id);
  const claim = row.claim_id === null ? undefined : await claimOfComplaint(deps.storage.db, row.claim_id);
  if (!claim || row.decision !== 'upheld' || claim.review_state !== 'rejected')
    throw new DomainError('conflict', messages.cannotReopen);
  const rejected = await rejectStatementsOfClaims(deps.storage.db, [claim.id], isoAt(deps.clock.campaign()));
  await recordAudit(deps.storage, deps.clock, {
    actor: staffId,
    action: 'complaint-claim-reopened',
    subject: row.reference,
    details: { claim: claim.id, rejected },
  });
  return { rejected };
}

/** 'Dodaj reklamację': a complaint that came by post, checked as the form's. */
export async function addComplaint(
  deps: AppDeps,
  staffId: string,
  request: { receivedOn: string; postmarkedOn: string | null; complaint: unknown },
) {
  const { receivedOn, postmarkedOn } = request;
  const daysValid =
    isWarsawLocalTime(receivedOn) &&
    receivedOn <= today(deps) &&
    (postmarkedOn === null || (isWarsawLocalTime(postmarkedOn) && postmarkedOn <= receivedOn));
  if (!daysValid) throw new DomainError('invalid', messages.dayInvalid);
  const verdict = validateComplaint(request.complaint);
  if (!verdict.ok) throw new DomainError('invalid', problemsMessage(verdict.problems));
  const registered = await registerComplaint(deps.storage, deps.clock, deps.statementsKey, verdict.body, {
    channel: 'post',
    receivedOn,
    postmarkedOn: postmarkedOn ?? undefined,
    actor: staffId,
  });
  return registered;
}
