import { describe, expect, it } from 'vitest';
import { isOverdue, overdueIssuedBefore, statementDeadline } from '#server/claims/deadline.ts';
import { campaign } from '#shared/campaign.ts';

const at = (warsawIso: string) => Date.parse(warsawIso);

describe('the statement deadline (spec §4, §9)', () => {
  it('counts calendar days in Warsaw from the day the link was issued, as campaign.json says', () => {
    expect(campaign.statementDeadlineDays).toBe(6);
    // Issued 20 July at 00:30 Warsaw time, which is still 19 July in UTC.
    const issued = at('2025-07-20T00:30:00+02:00');
    expect(isOverdue(issued, at('2025-07-26T23:59:00+02:00'))).toBe(false);
    expect(isOverdue(issued, at('2025-07-27T00:01:00+02:00'))).toBe(true);
  });

  it('names the last day the mail and the panel show, the day after which the claim is overdue', () => {
    const issued = at('2025-07-20T00:30:00+02:00');
    expect(statementDeadline(issued)).toBe('2025-07-26');
    // A link issued at 23:30 UTC on 25 July is issued on 26 July in Warsaw.
    expect(statementDeadline(Date.parse('2025-07-25T23:30:00Z'))).toBe('2025-08-01');
    // The queue's SQL form: links issued before the start of 21 July (Warsaw) are overdue on 27 July.
    expect(overdueIssuedBefore(at('2025-07-27T00:01:00+02:00'))).toBe(at('2025-07-21T00:00:00+02:00'));
    expect(isOverdue(at('2025-07-20T23:59:00+02:00'), at('2025-07-27T00:01:00+02:00'))).toBe(true);
    expect(isOverdue(at('2025-07-21T00:00:00+02:00'), at('2025-07-27T00:01:00+02:00'))).toBe(false);
  });
});
