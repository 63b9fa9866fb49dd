import { describe, expect, it } from 'vitest';
import { isOverdue } from '#server/claims/deadline.ts';
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
});
