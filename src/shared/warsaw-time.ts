// Campaign times are Europe/Warsaw wall-clock times, whatever the visitor's device timezone
// (docs/decisions/phases.md#warsaw-time).
export const CAMPAIGN_TIME_ZONE = 'Europe/Warsaw';

export interface CalendarDate {
  year: number;
  month: number; // 1-12
  day: number;
}

const HOUR_MS = 3_600_000;

/** When the EU's summer time starts (March) or ends (October): the month's last Sunday, 01:00 UTC. */
function lastSundayOneUtc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * Warsaw's wall clock at an instant, written as if it were UTC. Poland keeps the EU's summer-time rule
 * (UTC+2 from the last Sunday of March to the last Sunday of October, UTC+1 otherwise) since 1996;
 * test/shared/warsaw-time.test.ts compares it with ICU's time-zone data hour by hour. Not Intl with
 * `timeZone`: a page's first Intl.DateTimeFormat loads ICU's data, tens of milliseconds of its start
 * (docs/performance.md#main-thread-work-as-the-app-starts).
 */
function warsawWallClockAsUtc(instantMs: number): number {
  const year = new Date(instantMs).getUTCFullYear();
  const summer = instantMs >= lastSundayOneUtc(year, 2) && instantMs < lastSundayOneUtc(year, 9);
  return instantMs + (summer ? 2 : 1) * HOUR_MS;
}

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2}))?$/;

export function isWarsawLocalTime(local: string): boolean {
  const match = LOCAL_PATTERN.exec(local);
  if (!match) return false;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match.map((part) => part ?? '0');
  const asUtc = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  return (
    asUtc.getUTCFullYear() === Number(y) &&
    asUtc.getUTCMonth() === Number(mo) - 1 &&
    asUtc.getUTCDate() === Number(d) &&
    Number(h) < 24 &&
    Number(mi) < 60 &&
    Number(s) < 60
  );
}

/** "2025-06-25" or "2025-06-25T06:30:00", read as Warsaw wall-clock time, to epoch milliseconds. */
export function warsawLocalToInstant(local: string): number {
  const match = LOCAL_PATTERN.exec(local);
  if (!match) throw new Error(`Not a local date-time: ${local}`);
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wallAsUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  let instant = wallAsUtc - (warsawWallClockAsUtc(wallAsUtc) - wallAsUtc);
  // Around a DST switch the first guess can use the other offset; one correction settles it.
  instant = wallAsUtc - (warsawWallClockAsUtc(instant) - instant);
  return instant;
}

export function warsawCalendarDate(instantMs: number): CalendarDate {
  const wall = new Date(warsawWallClockAsUtc(instantMs));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

export function parseIsoDate(iso: string): CalendarDate {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

export function formatIsoDate({ year, month, day }: CalendarDate): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The Warsaw calendar date of an instant, as YYYY-MM-DD. */
export const warsawDate = (instantMs: number): string => formatIsoDate(warsawCalendarDate(instantMs));

/** The calendar date `days` after an ISO date (YYYY-MM-DD), as YYYY-MM-DD: calendar days, whatever DST does. */
export function isoDateAfter(iso: string, days: number): string {
  const { year, month, day } = parseIsoDate(iso);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** "8.07.2025": the date format used in Polish texts of the site. */
export function formatPolishDate(iso: string): string {
  const { year, month, day } = parseIsoDate(iso);
  return `${day}.${String(month).padStart(2, '0')}.${year}`;
}

/** "2025-07-16 12:03:05": an instant on Warsaw's wall clock, as staff screens show when something happened. */
export function formatWarsawDateTime(instantMs: number): string {
  const wall = new Date(warsawWallClockAsUtc(instantMs));
  const two = (value: number) => String(value).padStart(2, '0');
  const date = formatIsoDate({
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
  });
  return `${date} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`;
}
