import { campaign } from '#shared/campaign.ts';
import {
  formatIsoDate,
  isoDateAfter,
  warsawCalendarDate,
  warsawLocalToInstant,
} from '#shared/warsaw-time.ts';

const DAY_MS = 86_400_000;

const calendarDay = (instantMs: number) => {
  const { year, month, day } = warsawCalendarDate(instantMs);
  return Date.UTC(year, month - 1, day) / DAY_MS;
};

/** How many calendar days (Europe/Warsaw) lie between two instants: 0 on the same day. */
function calendarDaysBetween(fromMs: number, toMs: number): number {
  return calendarDay(toMs) - calendarDay(fromMs);
}

/**
 * spec §4, §9: a winner has `statementDeadlineDays` calendar days (campaign.json) from the day the link was
 * issued to send the statement; after that the claim is overdue. Both instants are the campaign clock's.
 */
export function isOverdue(issuedAtMs: number, nowMs: number): boolean {
  return calendarDaysBetween(issuedAtMs, nowMs) > campaign.statementDeadlineDays;
}

/** The instant before which a claim's link must have been issued to be overdue now (isOverdue, in SQL terms). */
export function overdueIssuedBefore(nowMs: number): number {
  const { year, month, day } = warsawCalendarDate(nowMs);
  const today = formatIsoDate({ year, month, day });
  return warsawLocalToInstant(isoDateAfter(today, -campaign.statementDeadlineDays));
}
