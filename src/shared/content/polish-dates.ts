import textsJson from '#content/texts.json';
import { parseIsoDate, type CalendarDate } from '../warsaw-time';
import { fill } from './template';

// Calendar dates (Europe/Warsaw) in Polish words, the same in Node and in every browser, whatever the
// device's locale or timezone: a page rendered on the server reads as the browser renders it. The names are
// ICU's pl-PL names (test/shared/content/polish-dates.test.ts compares every one of them with Intl), written out
// rather than asked of Intl: a phone's first Intl.DateTimeFormat costs tens of milliseconds, spent as the
// landing page's script starts (its texts are filled with dates) and again in the winners calendar
// (docs/performance.md#main-thread-work-as-the-app-starts).

/** The months in the genitive, as a date is said ("5 lipca 2025"). */
const GENITIVE_MONTHS = [
  'stycznia',
  'lutego',
  'marca',
  'kwietnia',
  'maja',
  'czerwca',
  'lipca',
  'sierpnia',
  'września',
  'października',
  'listopada',
  'grudnia',
];

/** The months in the nominative, as a calendar's title names them ("lipiec 2025"). */
const NOMINATIVE_MONTHS = [
  'styczeń',
  'luty',
  'marzec',
  'kwiecień',
  'maj',
  'czerwiec',
  'lipiec',
  'sierpień',
  'wrzesień',
  'październik',
  'listopad',
  'grudzień',
];

const WEEKDAYS = ['poniedziałek', 'wtorek', 'środa', 'czwartek', 'piątek', 'sobota', 'niedziela'];

/** "5 lipca 2025". */
export function polishDate({ year, month, day }: CalendarDate): string {
  return `${polishDayMonth({ year, month, day })} ${year}`;
}

/** "5 lipca". */
export function polishDayMonth({ month, day }: CalendarDate): string {
  return `${day} ${GENITIVE_MONTHS[month - 1]}`;
}

/** "lipiec 2025": the month in the nominative, lower case as within a sentence. */
export function polishMonth({ year, month }: Omit<CalendarDate, 'day'>): string {
  return `${NOMINATIVE_MONTHS[month - 1]} ${year}`;
}

/**
 * A calendar's column heads, Monday first: "P" with "poniedziałek" … "N" with "niedziela". One letter, as
 * Polish pocket and phone calendars head their weeks: ICU's abbreviations ("niedz.") do not fit a column of
 * a 320 px wide phone.
 */
export const polishWeekdays: { letter: string; name: string }[] = WEEKDAYS.map((name) => ({
  letter: name.charAt(0).toLocaleUpperCase('pl-PL'),
  name,
}));

const calendarDate = (iso: string) => parseIsoDate(iso.slice(0, 10));

/** "2025-10-10" or "2025-10-10T…" → "10 października 2025 r.", as Polish texts write a date in words. */
export function longPolishDate(iso: string): string {
  return fill(textsJson.dates.long, { date: polishDate(calendarDate(iso)) });
}

/** A span within one year in words: "od 5 do 14 lipca", "od 25 czerwca do 4 lipca". */
export function polishDaySpan(startIso: string, endIso: string): string {
  const [start, end] = [calendarDate(startIso), calendarDate(endIso)];
  return fill(textsJson.dates.span, {
    start: start.month === end.month ? String(start.day) : polishDayMonth(start),
    end: polishDayMonth(end),
  });
}
