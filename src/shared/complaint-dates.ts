import type { Campaign } from './content-schemas/campaign';
import { isoDateAfter, warsawDate } from './warsaw-time';

// docs/decisions/complaints.md#clock: the complaints' legal dates, on the Warsaw calendar, in one place. Days
// are ISO dates (RRRR-MM-DD, Warsaw); an instant (the outbox's sent time) is read as its Warsaw day.

/** spec §9: a complaint is answered within 21 calendar days of its receipt. */
export const COMPLAINT_ANSWER_DAYS = 21;

type Dates = Pick<Campaign, 'lotteryEnd' | 'complaints'>;

export interface ComplaintDeadline {
  /** The last day the answer may be sent. */
  deadline: string;
  /** Cut to the lottery's end (spec §1: complaints handling included, it ends then). */
  shortened: boolean;
}

/** The day of receipt plus 21 calendar days, never after `lotteryEnd`. */
export function complaintDeadline(receivedOn: string, dates: Dates): ComplaintDeadline {
  const full = isoDateAfter(receivedOn, COMPLAINT_ANSWER_DAYS);
  const end = dates.lotteryEnd.slice(0, 10);
  return full > end ? { deadline: end, shortened: true } : { deadline: full, shortened: false };
}

/**
 * Late: sent after the complaints' last day. The postmark's day for a letter, the arrival's for the form
 * and e-mail (`sentOn`).
 */
export function complaintLate(sentOn: string, dates: Dates): boolean {
  return sentOn > dates.complaints.end.slice(0, 10);
}

/**
 * Answered in time: dispatched by the deadline. An e-mail counts once the outbox says sent (`sentAtMs`, its
 * Warsaw day); a registered letter on the day it was posted (`letterDay`); delivery does not count.
 */
export function answeredInTime(
  deadline: string,
  sent: { sentAtMs: number } | { letterDay: string } | null,
): boolean {
  if (sent === null) return false;
  const day = 'letterDay' in sent ? sent.letterDay : warsawDate(sent.sentAtMs);
  return day <= deadline;
}

/** Whole calendar days from `today` to the deadline: 0 on its last day, negative once it has passed. */
export function daysLeft(deadline: string, today: string): number {
  return Math.round((Date.parse(`${deadline}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/**
 * What a campaign file's complaints window breaks: a complaint sent on the last day and received that day
 * must still get its full 21 days before `lotteryEnd` (docs/api.md "Complaints"). Polish, naming the place.
 */
export function complaintsWindowProblems(file: string, dates: Dates): string[] {
  const lastDay = dates.complaints.end.slice(0, 10);
  const { deadline, shortened } = complaintDeadline(lastDay, dates);
  if (!shortened) return [];
  return [
    `${file}: /complaints/end — ostatni dzień reklamacji (${lastDay}) plus ${COMPLAINT_ANSWER_DAYS} dni na odpowiedź (${isoDateAfter(lastDay, COMPLAINT_ANSWER_DAYS)}) wypada po końcu loterii (/lotteryEnd: ${deadline}): przesuń ostatni dzień reklamacji najpóźniej na ${isoDateAfter(deadline, -COMPLAINT_ANSWER_DAYS)} albo koniec loterii`,
  ];
}
