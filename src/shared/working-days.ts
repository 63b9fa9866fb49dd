// Polish working days on the Warsaw calendar (docs/decisions/phases.md#working-days): the days the organiser's
// promises count in (spec §9: an opt-out handled in 2 working days, the car's registration in 10).
// Days are "RRRR-MM-DD" Warsaw calendar days, as in #shared/warsaw-time.ts.
import { formatIsoDate, isoDateAfter, parseIsoDate } from './warsaw-time.ts';

/**
 * Easter Sunday of a Gregorian year, "RRRR-MM-DD" (the anonymous Gregorian algorithm, Meeus/Jones/Butcher),
 * from which the movable feasts are counted.
 */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return formatIsoDate({ year, month, day });
}

/** Fixed public holidays ("MM-DD"), the Act of 18 January 1951 on days free from work, art. 1 (6 January since 2011). */
const FIXED_HOLIDAYS = ['01-01', '01-06', '05-01', '05-03', '08-15', '11-01', '11-11', '12-25', '12-26'];
/** Christmas Eve is a day free from work from 2025 on (the Act's amendment of December 2024). */
const CHRISTMAS_EVE_FROM = 2025;
/** Days after Easter Sunday: Easter Monday, Pentecost Sunday, Corpus Christi. */
const MOVABLE_HOLIDAYS = [0, 1, 49, 60];

const holidaysByYear = new Map<number, ReadonlySet<string>>();

function holidaysOf(year: number): ReadonlySet<string> {
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    const easter = easterSunday(year);
    const fixed = year >= CHRISTMAS_EVE_FROM ? [...FIXED_HOLIDAYS, '12-24'] : FIXED_HOLIDAYS;
    holidays = new Set([
      ...fixed.map((monthDay) => `${year}-${monthDay}`),
      ...MOVABLE_HOLIDAYS.map((days) => isoDateAfter(easter, days)),
    ]);
    holidaysByYear.set(year, holidays);
  }
  return holidays;
}

/** Whether a day is a Polish public holiday (a statutory day free from work). */
export function isPublicHoliday(day: string): boolean {
  return holidaysOf(parseIsoDate(day).year).has(day);
}

/** Whether a day is a working day: Monday to Friday and not a public holiday. */
export function isWorkingDay(day: string): boolean {
  const { year, month, day: dayOfMonth } = parseIsoDate(day);
  const weekday = new Date(Date.UTC(year, month - 1, dayOfMonth)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isPublicHoliday(day);
}

/**
 * The day by which something is due `n` working days after `day` (n ≥ 1): the n-th working day after it,
 * the starting day itself not counted (an opt-out on Tuesday 23 December 2025 is due Tuesday 30 December).
 */
export function addWorkingDays(day: string, n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new Error(`Not a count of working days: ${n}`);
  let due = day;
  for (let counted = 0; counted < n;) {
    due = isoDateAfter(due, 1);
    if (isWorkingDay(due)) counted += 1;
  }
  return due;
}
