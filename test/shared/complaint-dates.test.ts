import { describe, expect, it } from 'vitest';
import {
  answeredInTime,
  complaintDeadline,
  complaintLate,
  complaintsWindowProblems,
  daysLeft,
} from '#shared/complaint-dates.ts';
import { campaign } from '#shared/campaign.ts';
import { contentFiles, validateContent } from '#shared/content-validation.ts';

// Issue 42's vectors, on the campaign file as shipped: complaints until 10 February 2026, lottery ends
// 4 March 2026 (spec §1).
describe('the complaints clock', () => {
  it('receipt + 21 calendar days, cut to the lottery end: 16 Feb receipt → 4 March, shortened', () => {
    expect(complaintDeadline('2026-02-16', campaign)).toEqual({ deadline: '2026-03-04', shortened: true });
    expect(complaintDeadline('2026-02-11', campaign)).toEqual({ deadline: '2026-03-04', shortened: false });
    expect(complaintDeadline('2025-10-20', campaign)).toEqual({ deadline: '2025-11-10', shortened: false });
    // Across the end of October's summer time, still calendar days.
    expect(complaintDeadline('2025-10-15', campaign)).toEqual({ deadline: '2025-11-05', shortened: false });
  });

  it('on time when sent by the complaints’ last day: a 10 Feb postmark is, an 11 Feb one is late', () => {
    expect(complaintLate('2026-02-10', campaign)).toBe(false);
    expect(complaintLate('2026-02-11', campaign)).toBe(true);
  });

  it('in time when it left by the deadline, on the campaign clock: the outbox’s day or the letter’s', () => {
    // The outbox's day is the one the dispatcher recorded it sent (test/server/complaints/answer-clock.test.ts).
    expect(answeredInTime('2026-03-04', null)).toBe(false);
    expect(answeredInTime('2026-03-04', '2026-03-04')).toBe(true);
    expect(answeredInTime('2026-03-04', '2026-03-05')).toBe(false);
  });

  it('days left: 0 on the last day, negative when overdue', () => {
    expect(daysLeft('2026-03-04', '2026-02-25')).toBe(7);
    expect(daysLeft('2026-03-04', '2026-03-04')).toBe(0);
    expect(daysLeft('2026-03-04', '2026-03-06')).toBe(-2);
  });
});

describe('the campaign file’s complaints window', () => {
  it('is refused when its last day plus 21 days passes the lottery end, in Polish, naming the place', () => {
    const late = { ...contentFiles.campaign, complaints: { start: '2025-06-23', end: '2026-02-12' } };
    expect(validateContent({ ...contentFiles, campaign: late })).toEqual([
      'src/content/campaign.json: /complaints/end — ostatni dzień reklamacji (2026-02-12) plus 21 dni na odpowiedź (2026-03-05) wypada po końcu loterii (/lotteryEnd: 2026-03-04): przesuń ostatni dzień reklamacji najpóźniej na 2026-02-11 albo koniec loterii',
    ]);
  });

  it('accepts a last day whose 21 days end on the lottery’s last day', () => {
    expect(
      complaintsWindowProblems('x', {
        lotteryEnd: '2026-03-04',
        complaints: { start: '2025-06-23', end: '2026-02-11' },
      }),
    ).toEqual([]);
  });
});
