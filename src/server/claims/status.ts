import { prizes } from '#shared/campaign.ts';
import type { Storage } from '../db';
import { prizeCounts, reopenedCounts } from '../db/claims';
import { QUEUE_STATES, stateCounts, type QueueState } from '../db/reviews';
import { isoAt } from '../clock';
import { overdueIssuedBefore } from './deadline';

// docs/decisions/review.md#figures: each figure of the statements' progress is defined here once, and
// `status`, the panel's overview and the review queue's counts all read it.

export interface TierStatus {
  tier: string;
  /** Prizes: a prize passed to a reserve entry counts once, as the reserve's claim. */
  claims: number;
  /** Statements received (in the `statements` table, whatever their review), each once. */
  received: number;
  /** Prizes whose current claim has no statement. */
  waiting: number;
  /** Of those, past the statement deadline, counted from the day the link was issued (deadline.ts). */
  overdue: number;
  /** Statements accepted in review. */
  accepted: number;
  /** Statements rejected in review (the panel's 'Odrzuć'). */
  rejected: number;
  /** Statements the operator rejected with reopen-claim: sent by someone else, the claim open again. */
  reopened: number;
  /** Claims whose prize passed to a reserve entry (expired or rejected). */
  passedOn: number;
}

export type TierFigures = TierStatus & { states: Record<QueueState, number>; unmailed: number };

/** Per tier, every figure, as of the campaign clock's `campaignNowMs` (the deadline is the campaign's). */
export async function tierFigures(db: Storage['db'], campaignNowMs: number): Promise<TierFigures[]> {
  const [claims, states, reopened] = await Promise.all([
    prizeCounts(db, isoAt(overdueIssuedBefore(campaignNowMs))),
    stateCounts(db),
    reopenedCounts(db),
  ]);
  return prizes.tiers.map((tier) => {
    const own = claims.find((row) => row.tier === tier.id);
    const byState = Object.fromEntries(
      QUEUE_STATES.map((state) => [
        state,
        states.find((row) => row.tier === tier.id && row.state === state)?.count ?? 0,
      ]),
    ) as Record<QueueState, number>;
    return {
      tier: tier.id,
      claims: own?.prizes ?? 0,
      received: QUEUE_STATES.reduce((sum, state) => sum + byState[state], 0),
      waiting: own?.waiting ?? 0,
      overdue: own?.overdue ?? 0,
      accepted: byState.accepted,
      rejected: byState.rejected,
      reopened: reopened.find((row) => row.tier === tier.id)?.count ?? 0,
      passedOn: own?.passedOn ?? 0,
      states: byState,
      unmailed: own?.unmailed ?? 0,
    };
  });
}

/**
 * Per tier, the figures `status` and the overview show, as of the campaign clock's now; and per tier, the
 * prizes waiting for a statement that mail cannot reach (no e-mail in the winners file).
 */
export async function tierStatus(storage: Storage, campaignNowMs: number) {
  const figures = await tierFigures(storage.db, campaignNowMs);
  return {
    lines: figures.map(({ states: _states, unmailed: _unmailed, ...line }): TierStatus => line),
    unmailed: figures
      .filter((line) => line.unmailed > 0)
      .map(({ tier, unmailed }) => ({ tier, claims: unmailed })),
  };
}
