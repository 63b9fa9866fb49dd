import { describe, expect, it } from 'vitest';
import { campaign } from '#shared/campaign.ts';
import {
  firstDayAfterMonths,
  firstDayAfterYearsFromYearEnd,
  isDue,
  purgeDayOf,
} from '#shared/retention-dates.ts';

// Issue 44's vectors, on the campaign file as shipped (the lottery ends on 4 March 2026).
describe('the purge day', () => {
  it('VI (200 zł, untaxed) paid on 10 Sep 2025 → 2031-01-01: 5 years from the end of 2025', () => {
    expect(purgeDayOf({ kind: 'issued', issuedOn: '2025-09-10', taxed: false }, campaign)).toEqual({
      purgeOn: '2031-01-01',
      rule: 'issue',
      since: '2025-09-10',
    });
  });

  it('WinTo! paid on 15 Dec 2025 → 2032-01-01: its tax fell due on 20 Jan 2026', () => {
    expect(purgeDayOf({ kind: 'issued', issuedOn: '2025-12-15', taxed: true }, campaign)).toEqual({
      purgeOn: '2032-01-01',
      rule: 'tax',
      since: '2026-01-20',
    });
    // Paid in November, its tax is due in December of the same year: the year decides.
    expect(purgeDayOf({ kind: 'issued', issuedOn: '2025-11-30', taxed: true }, campaign).purgeOn).toBe(
      '2031-01-01',
    );
  });

  it('the car handed over on 20 Jan 2026 (stored in Sep 2025) survives a run on 2031-06-01: due 2032-01-01', () => {
    const { purgeOn } = purgeDayOf({ kind: 'issued', issuedOn: '2026-01-20', taxed: true }, campaign);
    expect(purgeOn).toBe('2032-01-01');
    expect(isDue(purgeOn, '2031-06-01')).toBe(false);
    expect(isDue(purgeOn, '2032-01-01')).toBe(true);
  });

  it('a prize not issued yet is never due', () => {
    const { purgeOn } = purgeDayOf({ kind: 'pending' }, campaign);
    expect(purgeOn).toBeNull();
    expect(isDue(purgeOn, '2999-12-31')).toBe(false);
  });

  it('never issued: 6 months after the later of its end and the lottery’s end (4 Mar 2026) → 2026-09-05', () => {
    expect(purgeDayOf({ kind: 'never-issued', endedOn: '2025-08-01' }, campaign)).toEqual({
      purgeOn: '2026-09-05',
      rule: 'lapse',
      since: '2026-03-04',
    });
    expect(purgeDayOf({ kind: 'never-issued', endedOn: '2026-05-10' }, campaign).purgeOn).toBe('2026-11-11');
  });

  it('counts calendar months and years on the calendar', () => {
    expect(firstDayAfterMonths('2026-08-31', 6)).toBe('2027-03-01');
    expect(firstDayAfterMonths('2027-08-31', 6)).toBe('2028-03-01');
    expect(firstDayAfterMonths('2027-08-29', 6)).toBe('2028-03-01');
    expect(firstDayAfterMonths('2025-12-31', 6)).toBe('2026-07-01');
    expect(firstDayAfterYearsFromYearEnd('2025-01-01', 5)).toBe('2031-01-01');
    expect(firstDayAfterYearsFromYearEnd('2025-12-31', 5)).toBe('2031-01-01');
  });
});
