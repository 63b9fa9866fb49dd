import { isoDateAfter, warsawDate, warsawLocalToInstant } from '#shared/warsaw-time.ts';
import { statementDeadline } from '../claims/deadline';

// docs/decisions/mail.md#reminders: when a claim's reminders are due, all on the campaign clock.

/** Reminders go out between 8:00 and 20:00 Warsaw time: nobody is woken by a lottery. */
const REMINDER_HOURS = { from: 8, until: 20 } as const;
/** The first reminder, this many calendar days after the day the link was issued. */
const FIRST_REMINDER_DAY = 3;

/** The Warsaw calendar date `days` after the one of `instantMs`, as YYYY-MM-DD. */
const warsawDateAfter = (instantMs: number, days: number) => isoDateAfter(warsawDate(instantMs), days);

const at = (date: string, hour: number) =>
  warsawLocalToInstant(`${date}T${String(hour).padStart(2, '0')}:00:00`);

/** The number of the last-day reminder. */
export const FINAL_REMINDER = 2;

export interface ReminderTime {
  number: number;
  final: boolean;
  dueMs: number;
  /** After this the reminder is pointless (the next one, or the deadline, has come). */
  expiresMs: number;
}

/**
 * A claim's reminders: three days after the link, and on the last day, each from 8:00 that day. The first
 * gives way to the last-day one; the last-day one ends with its day's sending hours.
 */
export function reminderTimes(issuedAtMs: number): ReminderTime[] {
  const first = at(warsawDateAfter(issuedAtMs, FIRST_REMINDER_DAY), REMINDER_HOURS.from);
  // spec §4: the last-day reminder goes on the deadline's day (claims/deadline.ts).
  const lastDay = statementDeadline(issuedAtMs);
  const final = at(lastDay, REMINDER_HOURS.from);
  return [
    { number: 1, final: false, dueMs: first, expiresMs: final },
    { number: FINAL_REMINDER, final: true, dueMs: final, expiresMs: at(lastDay, REMINDER_HOURS.until) },
  ];
}

/** Whether reminders may go at this instant of the campaign clock (Warsaw sending hours). */
export function remindersMayGo(campaignNowMs: number): boolean {
  const date = warsawDate(campaignNowMs);
  return campaignNowMs >= at(date, REMINDER_HOURS.from) && campaignNowMs < at(date, REMINDER_HOURS.until);
}
