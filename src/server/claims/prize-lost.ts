import type { Clock } from '../clock';
import { isOverdue } from './deadline';

// spec §4: when a winner has lost the prize, the one home of the rule the review's queue, the statement view
// and 'Przekaż rezerwowemu' (reserve.ts) read.

/**
 * docs/decisions/review.md#undo-window: a final decision may be undone until `undo_until` (real time); its
 * verdict mail waits until then.
 */
export const undoOpen = (review: { undo_until: string | null }, realNowMs: number) =>
  review.undo_until !== null && realNowMs < Date.parse(review.undo_until);

/** A rejection that can no longer be undone: the winner has lost the prize. */
export const rejectedForGood = (
  review: { state: string | null; undo_until: string | null },
  realNowMs: number,
) => review.state === 'rejected' && !undoOpen(review, realNowMs);

/**
 * Whether a claim's prize is lost: its statement rejected for good or, with no statement sent, its deadline
 * passed (the campaign clock's).
 */
export function prizeLost(
  claim: { created_at: string; statement_id: string | null; state: string | null; undo_until: string | null },
  clock: Clock,
): boolean {
  return claim.statement_id === null
    ? isOverdue(Date.parse(claim.created_at), clock.campaign())
    : rejectedForGood(claim, clock.real());
}
