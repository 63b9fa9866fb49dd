/**
 * The server's two clocks, the only place it reads the time (lint forbids `Date.now()` and `new Date()`
 * elsewhere in src/server):
 *
 * - `campaign` says what is due when: the phases, the winners calendar, when a claim's link was issued
 *   and when its statement arrived, so whether it is overdue or came in time; reminders. CAMPAIGN_NOW
 *   pins it to one instant, so a test, a demo or a preview sees the whole campaign as of that day.
 * - `real` says when something happened and how long to wait: when a statement arrived (and so its
 *   retention), opt-outs, rejections, retries, timeouts, rate limits, log throttling.
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
