import { describe, expect, it } from 'vitest';
import { isoDateAfter } from '#shared/warsaw-time.ts';
import { addWorkingDays, easterSunday, isPublicHoliday, isWorkingDay } from '#shared/working-days.ts';

describe('the Polish working-day calendar', () => {
  it.each([
    [2008, '2008-03-23'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('Easter Sunday %i falls on %s', (year, day) => {
    expect(easterSunday(year)).toBe(day);
  });

  it('Easter is a Sunday between 22 March and 25 April, Pentecost a Sunday, Corpus Christi a Thursday', () => {
    const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
    for (let year = 1990; year <= 2100; year += 1) {
      const easter = easterSunday(year);
      expect(weekday(easter)).toBe(0);
      expect(easter >= `${year}-03-22` && easter <= `${year}-04-25`).toBe(true);
      expect(weekday(isoDateAfter(easter, 49))).toBe(0);
      expect(weekday(isoDateAfter(easter, 60))).toBe(4);
      expect(isPublicHoliday(isoDateAfter(easter, 60))).toBe(true);
    }
  });

  it.each([
    ['2025-04-20', 'Easter Sunday'],
    ['2025-04-21', 'Easter Monday'],
    ['2025-06-08', 'Pentecost Sunday'],
    ['2025-06-19', 'Corpus Christi'],
    ['2026-06-04', 'Corpus Christi'],
    ['2024-05-30', 'Corpus Christi'],
    ['2025-01-01', 'New Year'],
    ['2026-01-06', 'Epiphany'],
    ['2025-05-01', 'Labour Day'],
    ['2025-05-03', 'Constitution Day'],
    ['2025-08-15', 'the Assumption'],
    ['2025-11-01', "All Saints' Day"],
    ['2025-11-11', 'Independence Day'],
    ['2025-12-24', 'Christmas Eve, from 2025'],
    ['2025-12-25', 'Christmas Day'],
    ['2025-12-26', 'the second day of Christmas'],
  ])('%s is a public holiday (%s)', (day) => {
    expect(isPublicHoliday(day)).toBe(true);
  });

  it('a holiday on a weekday is not a working day; Christmas Eve 2024 still was', () => {
    expect(isWorkingDay('2025-06-19')).toBe(false); // Thursday, Corpus Christi
    expect(isWorkingDay('2025-12-24')).toBe(false); // Wednesday
    expect(isPublicHoliday('2024-12-24')).toBe(false);
    expect(isWorkingDay('2024-12-24')).toBe(true); // Tuesday
  });

  it('Saturdays and Sundays are not working days; ordinary weekdays are', () => {
    expect(isWorkingDay('2025-12-27')).toBe(false);
    expect(isWorkingDay('2025-12-28')).toBe(false);
    expect(isWorkingDay('2025-12-29')).toBe(true);
    expect(isWorkingDay('2025-06-20')).toBe(true); // the Friday after Corpus Christi
    expect(isWorkingDay('2025-04-22')).toBe(true); // the Tuesday after Easter Monday
  });

  it('an opt-out on 23 December 2025 is due 30 December 2025 (2 working days, spec §9)', () => {
    expect(addWorkingDays('2025-12-23', 2)).toBe('2025-12-30');
    // A year earlier Christmas Eve was a working day.
    expect(addWorkingDays('2024-12-23', 2)).toBe('2024-12-27');
  });

  it("the car's 10 working days run across 1 and 6 January", () => {
    // Handed over Tuesday 30 December 2025: 31.12, 2.01, 5.01, 7–9.01, 12–15.01.
    expect(addWorkingDays('2025-12-30', 10)).toBe('2026-01-15');
  });

  it('counts from a weekend or holiday the same way: the day itself never counts', () => {
    expect(addWorkingDays('2025-06-19', 1)).toBe('2025-06-20');
    expect(addWorkingDays('2025-06-21', 1)).toBe('2025-06-23');
    expect(addWorkingDays('2025-04-18', 1)).toBe('2025-04-22'); // Good Friday is a working day, Easter Monday not
  });

  it('refuses a count that is not a positive whole number', () => {
    expect(() => addWorkingDays('2025-12-23', 0)).toThrow();
    expect(() => addWorkingDays('2025-12-23', 1.5)).toThrow();
  });
});
