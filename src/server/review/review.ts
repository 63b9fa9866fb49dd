import messages from '#content/staff-messages.json';
import { tierById } from '#shared/campaign.ts';
import { personalNumberIn } from '#shared/personal-numbers.ts';
import { winnerMailTo } from '../claims/claims';
import { undoOpen } from '../claims/prize-lost';
import { isoAt } from '../clock';
import type { AppDeps } from '../deps';
import { lastNumber, queueMail } from '../db/outbox';
import {
  insertReview,
  oldestUntaken,
  releaseDetails,
  releaseReview,
  reviewOfClaim,
  statementForReview,
  updateReview,
  withdrawVerdictMail,
} from '../db/reviews';
import type { Storage } from '../db';
import type { ReviewState, ReviewTable } from '../db/types';
import { verdictEntry } from '../mail/orders';
import { DomainError } from '../domain-errors';
import { appendAudit, type AuditEvent } from '../staff/audit';
import { statementImage } from '../db/statements';
import { unsealImage } from '../statements/sealed';
import { heldSealer } from '../statements/period-keys';
import { flatten } from '#shared/statement/payload.ts';
import { actsFrom } from '#shared/review-states.ts';
import {
  isRevealReason,
  MASKED_FIELDS,
  mayReveal,
  needsApproval,
  openPayload,
  reasonOf,
  sealNote,
  statementView,
  type LoadedStatement,
  type Viewer,
} from './view';

// docs/decisions/review.md: the review of statements: taking a statement, the decision, the second pair of
// eyes for the prizes with a tax award, and the undo window before the verdict is mailed. The queue is
// queue.ts.

const NOTE_MAX = 2000;
const TAKE_ATTEMPTS = 20;

type Trx = Storage['db'];
/** docs/decisions/review.md#undo-window: a final decision's undo window comes from the panel's settings. */
export type ReviewDeps = AppDeps & { undoWindowMs: number };

const audit = (trx: Trx, deps: AppDeps, event: AuditEvent) =>
  appendAudit(trx, deps.storage, deps.clock, event);

async function load(db: Trx, id: string): Promise<LoadedStatement> {
  const row = await statementForReview(db, id);
  if (!row) throw new DomainError('not-found', messages.statementUnknown);
  return row;
}

function newReview(
  row: { id: string; claim_id: string; tier: string },
  staffId: string,
  nowIso: string,
): ReviewTable {
  return {
    statement_id: row.id,
    claim_id: row.claim_id,
    tier: row.tier,
    state: 'in-review',
    reviewer_id: staffId,
    taken_at: nowIso,
    outcome: null,
    reason: null,
    note: null,
    decided_at: null,
    approver_id: null,
    approval: null,
    approval_note: null,
    approved_at: null,
    final_by: null,
    final_at: null,
    undo_until: null,
    verdict_mail: null,
    paid_at: null,
    paid_by: null,
  };
}

/** 'Weź następne': the oldest statement nobody took, now the caller's. Two reviewers never get the same one. */
export async function takeNext(deps: AppDeps, viewer: Viewer, tier: unknown): Promise<string> {
  if (tier !== undefined && (typeof tier !== 'string' || !tierById(tier)))
    throw new DomainError('invalid', messages.queueFilterInvalid);
  return deps.storage.db.transaction().execute(async (trx) => {
    // docs/decisions/server-house.md#two-clocks-chosen-per-use: a staff act is a fact of the lottery, on the campaign clock.
    const nowIso = isoAt(deps.clock.campaign());
    // Another reviewer may take the one found between the look and the insert: then the next one.
    for (let attempt = 0; attempt < TAKE_ATTEMPTS; attempt += 1) {
      const next = await oldestUntaken(trx, tier as string | undefined);
      if (!next) throw new DomainError('not-found', messages.queueEmpty);
      if (await insertReview(trx, newReview(next, viewer.staffId, nowIso))) {
        await audit(trx, deps, { actor: viewer.staffId, action: 'statement-taken', subject: next.id });
        return next.id;
      }
    }
    throw new DomainError('conflict', messages.alreadyTaken);
  });
}

/** 'Weź do sprawdzenia': this statement, if nobody took it yet. */
export async function takeStatement(deps: AppDeps, viewer: Viewer, id: string) {
  const row = await deps.storage.db.transaction().execute(async (trx) => {
    const found = await load(trx, id);
    if (
      !actsFrom('take', found.state) ||
      !(await insertReview(trx, newReview(found, viewer.staffId, isoAt(deps.clock.campaign()))))
    )
      throw new DomainError('conflict', messages.alreadyTaken);
    await audit(trx, deps, { actor: viewer.staffId, action: 'statement-taken', subject: id });
    return load(trx, id);
  });
  return statementView(deps, row, viewer);
}

/**
 * A final decision: the statement is accepted or rejected, and its verdict mail is queued in the same
 * transaction, held until the undo window has passed (docs/decisions/review.md#undo-window). The decision's
 * `final_at` is a fact of the lottery (its day is the prize's acceptance), on the campaign clock; its
 * `undo_until` measures waiting, on the real one (docs/decisions/server-house.md#two-clocks-chosen-per-use).
 */
async function finalChanges(
  trx: Trx,
  deps: AppDeps,
  row: LoadedStatement,
  outcome: 'accept' | 'reject',
  reasonKey: string | null,
  staffId: string,
  undoWindowMs: number,
): Promise<Partial<ReviewTable>> {
  const realMs = deps.clock.real();
  const campaignMs = deps.clock.campaign();
  // The statement is opened only when the claim keeps no registered address.
  const to = winnerMailTo([deps.statementsKey], row, () => {
    const { email } = openPayload(deps.statementsKey, row);
    return typeof email === 'string' ? email : '';
  });
  const number = (await lastNumber(trx, row.claim_id, 'verdict')) + 1;
  const mail = verdictEntry(
    await heldSealer(trx, deps.storage.keysDir, 'open'),
    { id: row.claim_id, tier: row.tier, prize: row.prize, code: row.code, created_at: row.issued_at },
    to,
    {
      reference: row.reference ?? '',
      outcome: outcome === 'accept' ? 'accepted' : 'rejected',
      ...(outcome === 'reject' ? { reason: reasonOf(reasonKey)?.sentence ?? '' } : {}),
    },
    number,
    { campaignMs, realMs, notBeforeMs: realMs + undoWindowMs },
  );
  await queueMail(trx, [mail]);
  return {
    state: outcome === 'accept' ? 'accepted' : 'rejected',
    final_by: staffId,
    final_at: isoAt(campaignMs),
    undo_until: isoAt(realMs + undoWindowMs),
    verdict_mail: mail.id,
  };
}

const noteOf = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' || value.length > NOTE_MAX)
    throw new DomainError('invalid', messages.noteTooLong);
  return value.trim();
};

/** Runs a change of a statement's review in one transaction with its audit entry; answers the new view. */
async function change(
  deps: AppDeps,
  viewer: Viewer,
  id: string,
  apply: (trx: Trx, row: LoadedStatement) => Promise<AuditEvent>,
) {
  const row = await deps.storage.db.transaction().execute(async (trx) => {
    const event = await apply(trx, await load(trx, id));
    await audit(trx, deps, event);
    return load(trx, id);
  });
  return statementView(deps, row, viewer);
}

const guarded = async (
  trx: Trx,
  id: string,
  from: { state: ReviewState; reviewerId?: string; finalBy?: string },
  changes: Partial<ReviewTable>,
) => {
  if (!(await updateReview(trx, id, from, changes))) throw new DomainError('conflict', messages.stateChanged);
};

/** 'Zaakceptuj' / 'Odrzuć' by the reviewer who holds the statement. */
export async function decide(deps: ReviewDeps, viewer: Viewer, id: string, body: Record<string, unknown>) {
  const { outcome } = body;
  if (outcome !== 'accept' && outcome !== 'reject')
    throw new DomainError('invalid', messages.decisionInvalid);
  const reason =
    outcome === 'reject' ? reasonOf(typeof body.reason === 'string' ? body.reason : null) : undefined;
  if (outcome === 'reject' && !reason) throw new DomainError('invalid', messages.reasonMissing);
  const note = noteOf(body.note);
  return change(deps, viewer, id, async (trx, row) => {
    if (!actsFrom('decide', row.state)) throw new DomainError('conflict', messages.stateChanged);
    if (row.reviewer_id !== viewer.staffId) throw new DomainError('not-allowed', messages.notYours);
    const decision: Partial<ReviewTable> = {
      outcome,
      reason: reason?.key ?? null,
      note: sealNote(await heldSealer(trx, deps.storage.keysDir, 'open'), id, 'note', note),
      decided_at: isoAt(deps.clock.campaign()),
    };
    const next = needsApproval(row.tier)
      ? { ...decision, state: 'awaiting-approval' as const }
      : {
          ...decision,
          ...(await finalChanges(
            trx,
            deps,
            row,
            outcome,
            reason?.key ?? null,
            viewer.staffId,
            deps.undoWindowMs,
          )),
        };
    await guarded(trx, id, { state: 'in-review', reviewerId: viewer.staffId }, next);
    return {
      actor: viewer.staffId,
      action: 'decision',
      subject: id,
      details: { outcome, ...(reason ? { reason: reason.key } : {}), final: !needsApproval(row.tier) },
    };
  });
}

/** 'Zatwierdź' or send back, by an approver who is not the statement's reviewer. */
export async function approve(deps: ReviewDeps, viewer: Viewer, id: string, body: Record<string, unknown>) {
  const { outcome } = body;
  if (outcome !== 'confirm' && outcome !== 'send-back')
    throw new DomainError('invalid', messages.approvalInvalid);
  const note = noteOf(body.note);
  return change(deps, viewer, id, async (trx, row) => {
    if (!actsFrom(outcome === 'confirm' ? 'approve' : 'send-back', row.state))
      throw new DomainError('conflict', messages.stateChanged);
    if (row.reviewer_id === viewer.staffId) throw new DomainError('not-allowed', messages.ownDecision);
    const approval: Partial<ReviewTable> = {
      approver_id: viewer.staffId,
      approval: outcome,
      approval_note: sealNote(await heldSealer(trx, deps.storage.keysDir, 'open'), id, 'approval', note),
      approved_at: isoAt(deps.clock.campaign()),
    };
    const next =
      outcome === 'confirm'
        ? {
            ...approval,
            ...(await finalChanges(
              trx,
              deps,
              row,
              row.outcome!,
              row.reason,
              viewer.staffId,
              deps.undoWindowMs,
            )),
          }
        : { ...approval, state: 'in-review' as const, outcome: null, reason: null, decided_at: null };
    await guarded(trx, id, { state: 'awaiting-approval' }, next);
    return { actor: viewer.staffId, action: 'approval', subject: id, details: { outcome } };
  });
}

/** 'Cofnij': the final decision's maker takes it back within the window; its verdict mail is withdrawn. */
export async function undo(deps: AppDeps, viewer: Viewer, id: string) {
  return change(deps, viewer, id, async (trx, row) => {
    if (!actsFrom('undo', row.state)) throw new DomainError('conflict', messages.undoClosed);
    if (row.final_by !== viewer.staffId) throw new DomainError('not-allowed', messages.undoNotYours);
    if (
      !undoOpen(row, deps.clock.real()) ||
      !row.verdict_mail ||
      !(await withdrawVerdictMail(trx, row.verdict_mail))
    )
      throw new DomainError('conflict', messages.undoClosed);
    const back: Partial<ReviewTable> = needsApproval(row.tier)
      ? {
          state: 'awaiting-approval',
          approver_id: null,
          approval: null,
          approval_note: null,
          approved_at: null,
        }
      : { state: 'in-review', outcome: null, reason: null, decided_at: null };
    await guarded(
      trx,
      id,
      { state: row.state, finalBy: viewer.staffId },
      { ...back, final_by: null, final_at: null, undo_until: null, verdict_mail: null },
    );
    return { actor: viewer.staffId, action: 'decision-undone', subject: id, details: { outcome: row.state } };
  });
}

/**
 * 'Oddaj do kolejki' by its holder, or 'Zwolnij' by an approver for someone else's: the statement goes back
 * to the queue as new (docs/decisions/review.md#release), only from the holder the person saw.
 */
export async function releaseStatement(
  deps: AppDeps,
  viewer: Viewer,
  id: string,
  mode: 'give-back' | 'release',
) {
  return change(deps, viewer, id, async (trx, row) => {
    if (!actsFrom(mode, row.state) || row.reviewer_id === null)
      throw new DomainError('conflict', messages.stateChanged);
    const own = row.reviewer_id === viewer.staffId;
    if (mode === 'give-back' ? !own : own) throw new DomainError('not-allowed', messages.notYours);
    if (!(await releaseReview(trx, id, row.reviewer_id)))
      throw new DomainError('conflict', messages.stateChanged);
    return {
      actor: viewer.staffId,
      action: mode === 'give-back' ? 'statement-given-back' : 'statement-released',
      subject: id,
      details: releaseDetails(row.reviewer_id, row),
    };
  });
}

/** A statement opened in the panel: recorded, then shown. */
export async function openStatement(deps: AppDeps, viewer: Viewer, id: string) {
  const row = await load(deps.storage.db, id);
  await deps.storage.db
    .transaction()
    .execute((trx) => audit(trx, deps, { actor: viewer.staffId, action: 'statement-opened', subject: id }));
  return statementView(deps, row, viewer);
}

const REVEAL_NOTE_MAX = 200;

/**
 * docs/decisions/review.md#unmasking: why a look at the data is needed (a key of review.json's list) and an
 * optional short note, both recorded with the look; a note holding what looks like a PESEL, an ID, a passport
 * or an account number is refused.
 */
function needOf(source: Record<string, unknown>): { reason: string; note?: string } {
  const { reason, note } = source;
  if (typeof reason !== 'string' || !isRevealReason(reason))
    throw new DomainError('invalid', messages.revealReasonInvalid);
  if (note === undefined || note === null) return { reason };
  if (typeof note !== 'string' || note.length > REVEAL_NOTE_MAX)
    throw new DomainError('invalid', messages.revealNoteTooLong);
  // docs/decisions/retention.md#notes: the note lands in the audit trail, which no purge may rewrite.
  if (personalNumberIn(note) !== undefined) throw new DomainError('invalid', messages.revealNotePersonal);
  return note.trim() === '' ? { reason } : { reason, note: note.trim() };
}

interface Look<T> {
  shown: T;
  action: 'statement-revealed' | 'photo-viewed';
  details?: Record<string, string>;
}

/** A look at the statement's data in one transaction with its audit entry, only by whoever acts on it now. */
async function look<T>(
  deps: AppDeps,
  viewer: Viewer,
  id: string,
  source: Record<string, unknown>,
  show: (trx: Trx, row: LoadedStatement) => Promise<Look<T>>,
): Promise<T> {
  const { reason, note } = needOf(source);
  return deps.storage.db.transaction().execute(async (trx) => {
    const row = await load(trx, id);
    if (!mayReveal(row, viewer)) throw new DomainError('not-allowed', messages.revealNotYours);
    const { shown, action, details } = await show(trx, row);
    const noted = { ...details, ...(note ? { note } : {}) };
    await audit(trx, deps, {
      actor: viewer.staffId,
      action,
      subject: id,
      reason,
      ...(Object.keys(noted).length > 0 ? { details: noted } : {}),
    });
    return shown;
  });
}

/** 'Pokaż': one masked number in the clear. */
export async function reveal(deps: AppDeps, viewer: Viewer, id: string, body: Record<string, unknown>) {
  const field = typeof body.field === 'string' ? body.field : '';
  return look(deps, viewer, id, body, async (_trx, row) => {
    const value = flatten(openPayload(deps.statementsKey, row))[field];
    if (!MASKED_FIELDS.has(field) || typeof value !== 'string' || value === '')
      throw new DomainError('invalid', messages.revealFieldInvalid);
    return { shown: { value }, action: 'statement-revealed', details: { field } };
  });
}

/** The coupon photo's PNG. */
export async function couponPhoto(
  deps: AppDeps,
  viewer: Viewer,
  id: string,
  query: Record<string, unknown>,
): Promise<Buffer> {
  return look(deps, viewer, id, query, async (trx, row) => {
    const sealed = row.has_image ? await statementImage(trx, 'received', id) : null;
    if (sealed === null) throw new DomainError('not-found', messages.noImage);
    return { shown: unsealImage([deps.statementsKey], row.claim_id, sealed), action: 'photo-viewed' };
  });
}

/**
 * docs/api.md#reads: where a claim's statement stands, for its winner's page: nothing of what it holds. A
 * final decision counts once its undo window has passed (its mail leaves then); until then it is in review.
 */
export async function reviewStatus(deps: AppDeps, claimId: string) {
  const review = await reviewOfClaim(deps.storage.db, claimId);
  if (!review) return {};
  const final =
    (review.state === 'accepted' || review.state === 'rejected') && !undoOpen(review, deps.clock.real());
  if (!final) return { review: 'in-review' as const };
  return review.state === 'accepted'
    ? { review: 'accepted' as const }
    : {
        review: 'rejected' as const,
        reason: reasonOf(review.reason)?.sentence ?? '',
        // The number a complaint about the decision names (spec §9), as the confirmation mail gave it.
        reference: review.reference ?? '',
      };
}
