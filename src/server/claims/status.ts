import { prizes } from '#shared/campaign.ts';
import type { Storage } from '../db';
import { claimStates } from '../db/claims';
import { isOverdue } from './deadline';

export interface TierStatus {
  tier: string;
  claims: number;
  received: number;
  waiting: number;
  /** Waiting past the statement deadline, counted from the day the link was issued (deadline.ts). */
  overdue: number;
  rejected: number;
}

/**
 * Per tier, how many claims there are and where their statements stand, as of the campaign clock's now;
 * and per tier, the claims waiting for a statement that mail cannot reach (no e-mail in the winners file).
 */
export async function tierStatus(storage: Storage, nowMs: number) {
  const { claims, rejectedByTier } = await claimStates(storage.db);
  const unmailed = prizes.tiers
    .map((tier) => ({
      tier: tier.id,
      claims: claims.filter((claim) => claim.tier === tier.id && !claim.has_statement && !claim.has_email)
        .length,
    }))
    .filter((line) => line.claims > 0);
  const lines = prizes.tiers.map((tier): TierStatus => {
    const own = claims.filter((claim) => claim.tier === tier.id);
    const waiting = own.filter((claim) => !claim.has_statement);
    return {
      tier: tier.id,
      claims: own.length,
      received: own.length - waiting.length,
      waiting: waiting.length,
      overdue: waiting.filter((claim) => isOverdue(Date.parse(claim.created_at), nowMs)).length,
      rejected: rejectedByTier.get(tier.id) ?? 0,
    };
  });
  return { lines, unmailed };
}
