import { describe, expect, it } from 'vitest';
import { purgeDayOf } from '#shared/retention-dates.ts';
import { campaign } from '#shared/campaign.ts';
import { monthOf, taxDueBy } from '#shared/tax-dates.ts';

// Issue 51's vectors: the tax withheld in a month is due on the 20th of the next, moved to the next working day
// when that 20th is a Saturday, a Sunday or a public holiday (Ordynacja podatkowa art. 12 §5).
describe('the tax due day', () => {
  it.each([
    ['2025-08', '2025-09-22', 'the 20th a Saturday: Monday'],
    ['2025-11', '2025-12-22', 'the 20th a Saturday: Monday'],
    ['2026-11', '2026-12-21', 'the 20th a Sunday: Monday'],
    ['2030-05', '2030-06-21', 'the 20th Corpus Christi (a Thursday): Friday'],
    ['2025-12', '2026-01-20', 'a Tuesday: the 20th itself, in the next year'],
    ['2026-01', '2026-02-20', 'a Friday: the 20th itself'],
    ['2028-12', '2029-01-22', 'December, the 20th of January a Saturday: moved within January'],
  ])('tax of %s is due on %s (%s)', (month, due) => {
    expect(taxDueBy(month)).toBe(due);
  });

  it('the month of a day', () => {
    expect(monthOf('2025-12-15')).toBe('2025-12');
  });

  it("a move never crosses a year: December's tax keeps its purge year", () => {
    // Paid on 15 Dec 2028: tax due Monday 22 Jan 2029 (not the Saturday), kept 5 years from the end of 2029.
    expect(purgeDayOf({ kind: 'issued', issuedOn: '2028-12-15', taxed: true }, campaign)).toEqual({
      purgeOn: '2035-01-01',
      rule: 'tax',
      since: '2029-01-22',
    });
    for (let year = 2025; year <= 2060; year += 1)
      expect(taxDueBy(`${year}-12`).slice(0, 7)).toBe(`${year + 1}-01`);
  });
});
