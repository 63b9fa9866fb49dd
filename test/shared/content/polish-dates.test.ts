import { describe, expect, it } from 'vitest';
import { polishDate, polishDayMonth, polishMonth, polishWeekdays } from '#shared/content/polish-dates.ts';

// ICU's pl-PL data (Node's full-icu and the browsers'): the names must be the ones Intl writes.
const icu = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('pl-PL', {
    timeZone: 'UTC',
    calendar: 'gregory',
    numberingSystem: 'latn',
    ...options,
  });
const noonUtc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day, 12));
const months = Array.from({ length: 12 }, (_, index) => index + 1);

describe('Polish dates', () => {
  it('name a day with its month in the genitive, as Intl does', () => {
    const dayMonthYear = icu({ day: 'numeric', month: 'long', year: 'numeric' });
    const dayMonth = icu({ day: 'numeric', month: 'long' });
    expect(months.map((month) => polishDate({ year: 2025, month, day: 5 }))).toEqual(
      months.map((month) => dayMonthYear.format(noonUtc(2025, month, 5))),
    );
    expect(months.map((month) => polishDayMonth({ year: 2025, month, day: 5 }))).toEqual(
      months.map((month) => dayMonth.format(noonUtc(2025, month, 5))),
    );
    expect(polishDate({ year: 2025, month: 10, day: 10 })).toBe('10 października 2025');
    expect(polishDayMonth({ year: 2025, month: 7, day: 1 })).toBe('1 lipca');
  });

  it('name a calendar month in the nominative, lower case as within a sentence, as Intl does', () => {
    const monthYear = icu({ month: 'long', year: 'numeric' });
    expect(months.map((month) => polishMonth({ year: 2025, month }))).toEqual(
      months.map((month) => monthYear.format(noonUtc(2025, month, 1))),
    );
    expect(polishMonth({ year: 2026, month: 1 })).toBe('styczeń 2026');
  });

  it('head a calendar Monday first, each letter with its full name, as Intl names them', () => {
    // 1 January 2024 was a Monday.
    const days = Array.from({ length: 7 }, (_, index) => noonUtc(2024, 1, 1 + index));
    expect(polishWeekdays).toEqual(
      days.map((day) => ({
        letter: icu({ weekday: 'narrow' }).format(day),
        name: icu({ weekday: 'long' }).format(day),
      })),
    );
    expect(polishWeekdays.map((weekday) => weekday.letter).join('')).toBe('PWŚCPSN');
  });
});
