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

/** Per tier, how many claims there are and where their statements stand, as of the campaign clock's now. */
export async function tierStatus(storage: Storage, nowMs: number): Promise<TierStatus[]> {
  const { claims, rejectedByTier } = await claimStates(storage.db);
  return prizes.tiers.map((tier) => {
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
}
