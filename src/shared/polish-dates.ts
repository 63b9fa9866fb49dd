import type { CalendarDate } from './warsaw-time';

// Month and weekday names come from the pl-PL data of ICU, which Node (full-icu) and the browsers carry, so a
// page rendered on the server reads as the browser renders it. Every option is explicit: nothing depends on
// the device's locale. The dates are calendar dates (Europe/Warsaw): each is formatted at noon UTC in UTC, so
// neither the device's timezone nor a DST change moves it to another day.
const polish = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('pl-PL', {
    timeZone: 'UTC',
    calendar: 'gregory',
    numberingSystem: 'latn',
    ...options,
  });
const dayMonthYear = polish({ day: 'numeric', month: 'long', year: 'numeric' });
const dayMonth = polish({ day: 'numeric', month: 'long' });
const monthYear = polish({ month: 'long', year: 'numeric' });
const weekdayLetter = polish({ weekday: 'narrow' });
const weekdayLong = polish({ weekday: 'long' });

const atNoon = ({ year, month, day }: CalendarDate) => new Date(Date.UTC(year, month - 1, day, 12));

/** "5 lipca 2025": the month in the genitive, as a date is said. */
export function polishDate(date: CalendarDate): string {
  return dayMonthYear.format(atNoon(date));
}

/** "5 lipca". */
export function polishDayMonth(date: CalendarDate): string {
  return dayMonth.format(atNoon(date));
}

/** "lipiec 2025": the month in the nominative, as a calendar's title names it. */
export function polishMonth({ year, month }: Omit<CalendarDate, 'day'>): string {
  return monthYear.format(atNoon({ year, month, day: 1 }));
}

/**
 * A calendar's column heads, Monday first: "P" with "poniedziałek" … "N" with "niedziela". One letter, as
 * Polish pocket and phone calendars head their weeks: ICU's abbreviations ("niedz.") do not fit a column of
 * a 320 px wide phone.
 */
export const polishWeekdays: { letter: string; name: string }[] = Array.from({ length: 7 }, (_, index) => {
  const date = atNoon({ year: 2024, month: 1, day: 1 + index }); // 1 January 2024 was a Monday
  return { letter: weekdayLetter.format(date), name: weekdayLong.format(date) };
});
