import { prizes } from '#shared/campaign.ts';
import { warsawCalendarDate } from '#shared/warsaw-time.ts';
import type { Storage } from '../db';
import { claimStates } from '../db/claims';

// spec §9: a winner has 6 calendar days to send the statement; then the prize passes to the reserve.
const STATEMENT_DEADLINE_DAYS = 6;
const DAY_MS = 86_400_000;

const calendarDay = (instantMs: number) => {
  const { year, month, day } = warsawCalendarDate(instantMs);
  return Date.UTC(year, month - 1, day) / DAY_MS;
};

/** How many calendar days (Europe/Warsaw) lie between two instants: 0 on the same day. */
function calendarDaysBetween(fromMs: number, toMs: number): number {
  return calendarDay(toMs) - calendarDay(fromMs);
}

export interface TierStatus {
  tier: string;
  claims: number;
  received: number;
  waiting: number;
  /** Waiting longer than 6 calendar days since the link was issued (the import that made the claim). */
  overdue: number;
  rejected: number;
}

/** Issue 10 §11 (shared/API.md `status`): one line per tier, so the operator knows whom to chase. */
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
      overdue: waiting.filter(
        (claim) => calendarDaysBetween(Date.parse(claim.created_at), nowMs) > STATEMENT_DEADLINE_DAYS,
      ).length,
      rejected: rejectedByTier.get(tier.id) ?? 0,
    };
  });
}
