/**
 * The server's two clocks, the only place it reads the time (lint forbids `Date.now()` and `new Date()`
 * elsewhere in src/server); docs/decisions/server-house.md#two-clocks-chosen-per-use has the table:
 *
 * - `campaign` says what is due when and dates every fact of the lottery: the phases, the winners calendar,
 *   when a claim's link was issued and when its statement arrived (in time or overdue), reminders; when a
 *   statement was taken, decided, approved, rejected, paid; a prize's issue days (sent, delivered, returned,
 *   handed over), a complaint's decision and answer, a retention run. CAMPAIGN_NOW pins it to one instant, so a
 *   test, a demo or a preview sees the whole campaign, the staff's acts included, as of that day.
 * - `real` only measures waiting (sessions, undo windows, leases, retries, timeouts, rate limits, log
 *   throttling) and stamps the records' own time beside the facts (the audit trail's `at`, the outbox's
 *   `sent_at`, a statement's `created_at`). No instant of one is ever compared with an instant of the other.
 *
 * Tests pass their own (`fakeClock` in test/server/helpers/app.ts).
 */
export interface Clock {
  campaign(): number;
  real(): number;
}

export const realTime = (): number => Date.now();

/** The clock of a server or command: the campaign clock pinned by CAMPAIGN_NOW when set. */
export function clockFor(campaignNowMs: number | undefined): Clock {
  return { campaign: campaignNowMs === undefined ? realTime : () => campaignNowMs, real: realTime };
}

/** An instant as the database stores it (ISO 8601, UTC). */
export const isoAt = (ms: number): string => new Date(ms).toISOString();
