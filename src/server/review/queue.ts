import messages from '#content/staff-messages.json';
import { tierById } from '#shared/campaign.ts';
import { overdueIssuedBefore, statementDeadline } from '../claims/deadline';
import { rejectedForGood } from '../claims/prize-lost';
import { lostPrizes } from '../claims/reserve';
import { tierFigures } from '../claims/status';
import { isoAt } from '../clock';
import type { AppDeps } from '../deps';
import { expiredPage, queuePage, QUEUE_STATES, type QueueState } from '../db/reviews';
import { DomainError } from '../domain-errors';
import type { Viewer } from './view';

// docs/decisions/review.md: the queue of statements to review, by tier and state, with the overview's
// figures and the expired claims. A read: it changes nothing and shows no personal data.

export const QUEUE_PAGE_SIZE = 50;
/** Far past any campaign's last page, and an offset both databases take as an integer. */
const QUEUE_MAX_PAGE = 100_000;

const OPEN_STATES: readonly QueueState[] = ['received', 'in-review', 'awaiting-approval'];
const FILTERS = new Set<string>(['open', ...QUEUE_STATES, 'expired']);

/**
 * The queue of one tier, or of every tier without `tier` (docs/api.md#staff-panel): no personal data, so
 * not audited.
 */
export async function reviewQueue(deps: AppDeps, viewer: Viewer, query: Record<string, string | undefined>) {
  const tier = query.tier === '' ? undefined : query.tier;
  const state = query.state ?? 'open';
  if ((tier !== undefined && !tierById(tier)) || !FILTERS.has(state))
    throw new DomainError('invalid', messages.queueFilterInvalid);
  // Digits only: Number() would take '1e3', ' 2' and a 20-digit page whose offset no database takes.
  const page = query.page === undefined ? 1 : /^\d{1,6}$/.test(query.page) ? Number(query.page) : 0;
  if (page < 1 || page > QUEUE_MAX_PAGE) throw new DomainError('invalid', messages.queuePageInvalid);
  const { db } = deps.storage;
  const nowMs = deps.clock.real();
  const campaignNowMs = deps.clock.campaign();
  const expiredBefore = isoAt(overdueIssuedBefore(campaignNowMs));
  // docs/decisions/review.md#figures: the counts are the overview's figures; 'expired' counts the prizes
  // still to act on (the list below also shows, marked, those already passed to a reserve).
  const counts = (await tierFigures(db, campaignNowMs)).map((line) => ({
    tier: line.tier,
    ...line.states,
    expired: line.overdue,
  }));
  const offset = (page - 1) * QUEUE_PAGE_SIZE;
  const paging = (total: number) => ({ page, pages: Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE)), total });
  if (state === 'expired') {
    const { rows, total } = await expiredPage(db, tier, expiredBefore, QUEUE_PAGE_SIZE, offset);
    const lost = await lostPrizes(
      db,
      rows.map((row) => ({ id: row.id, tier: row.tier })),
    );
    return {
      tier: tier ?? null,
      state,
      counts,
      items: [],
      expired: rows.map((row) => ({
        claimId: row.id,
        tier: row.tier,
        code: row.code,
        deadlineDate: statementDeadline(Date.parse(row.created_at)),
        ...lost.get(row.id)!,
      })),
      ...paging(total),
    };
  }
  const { rows, total } = await queuePage(db, {
    tier,
    states: state === 'open' ? OPEN_STATES : [state as QueueState],
    limit: QUEUE_PAGE_SIZE,
    offset,
  });
  const forfeited = rows.filter((row) => rejectedForGood(row, nowMs));
  const lost = await lostPrizes(
    db,
    forfeited.map((row) => ({ id: row.claim_id, tier: row.tier })),
  );
  return {
    tier: tier ?? null,
    state,
    counts,
    items: rows.map((row) => ({
      id: row.id,
      reference: row.reference,
      tier: row.tier,
      code: row.code,
      state: row.state,
      // When it arrived, a fact of the lottery: the campaign clock's (created_at is the real record's order).
      receivedAt: row.campaign_received_at,
      deadlineDate: statementDeadline(Date.parse(row.issued_at)),
      reviewer: row.reviewer_email,
      takenAt: row.taken_at,
      mine: row.reviewer_id === viewer.staffId,
      sentBack: row.state === 'in-review' && row.approval === 'send-back',
      final: row.final_at === null ? null : { at: row.final_at, undoUntil: row.undo_until },
      lost: lost.get(row.claim_id)?.lost ?? null,
      passedTo: lost.get(row.claim_id)?.passedTo ?? null,
    })),
    expired: [],
    ...paging(total),
  };
}
