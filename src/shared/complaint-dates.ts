import type { Campaign } from './content-schemas/campaign';
import { isoDateAfter } from './warsaw-time';

// docs/decisions/complaints.md#clock: the complaints' legal dates, on the Warsaw calendar, in one place. Days
// are ISO dates (RRRR-MM-DD, Warsaw), all on the campaign clock; no real-time instant is compared with them.

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
 * Answered in time: dispatched by the deadline. `sentOn` is the day the answer left on the campaign clock,
 * the deadline's own: for an e-mail the day the dispatcher recorded it sent (queued is not sent), for a
 * registered letter the day it was posted (delivery does not count); null while not sent. Never a real-time
 * instant: a demo's or a test's campaign clock (CAMPAIGN_NOW) is not the real one.
 */
export function answeredInTime(deadline: string, sentOn: string | null): boolean {
  return sentOn !== null && sentOn <= deadline;
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
