import { campaign } from '#shared/campaign.ts';
import { isoDateAfter, warsawDate, warsawLocalToInstant } from '#shared/warsaw-time.ts';

// spec §4, §9: the statement deadline's one home. A winner has `statementDeadlineDays` calendar days
// (campaign.json) from the day the link was issued (Europe/Warsaw) to send the statement; after the last of
// them the claim is overdue. Every instant here is the campaign clock's.

/** The last day a statement may be sent for a link issued at `issuedAtMs`, as YYYY-MM-DD (Warsaw). */
export function statementDeadline(issuedAtMs: number): string {
  return isoDateAfter(warsawDate(issuedAtMs), campaign.statementDeadlineDays);
}

/** Whether the deadline of a link issued at `issuedAtMs` has passed at `nowMs`. */
export function isOverdue(issuedAtMs: number, nowMs: number): boolean {
  return warsawDate(nowMs) > statementDeadline(issuedAtMs);
}

/** The instant before which a claim's link must have been issued to be overdue now (isOverdue, in SQL terms). */
export function overdueIssuedBefore(nowMs: number): number {
  return warsawLocalToInstant(isoDateAfter(warsawDate(nowMs), -campaign.statementDeadlineDays));
}
