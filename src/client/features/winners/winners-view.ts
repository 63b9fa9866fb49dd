import { campaign } from '#shared/campaign.ts';
import { parseIsoDate, warsawCalendarDate, type CalendarDate } from '#shared/warsaw-time.ts';

export type PrizeTabId = 'instant' | 'draw';

/** spec §3 "View selection". */
export interface WinnersView {
  prizeType: PrizeTabId;
  /** spec §3: month digits followed by a two-digit year, e.g. '625' for June 2025. */
  month: string | null;
  day: number | null;
  draw: string | null;
  lotteryStart: CalendarDate;
  lotteryEnd: CalendarDate;
}

export type WinnersAction =
  | { type: 'instant'; nowMs: number }
  | { type: 'draw' }
  | { type: 'month'; month: string }
  | { type: 'day'; day: number }
  | { type: 'selectDraw'; draw: string };

export function monthKey({ year, month }: { year: number; month: number }): string {
  return `${month}${String(year % 100).padStart(2, '0')}`;
}

export function parseMonthKey(key: string): { year: number; month: number } {
  return { year: 2000 + Number(key.slice(-2)), month: Number(key.slice(0, -2)) };
}

const ordinal = ({ year, month, day }: CalendarDate) => year * 10_000 + month * 100 + day;

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return ordinal(a) - ordinal(b);
}

export function isInLottery(
  date: CalendarDate,
  view: Pick<WinnersView, 'lotteryStart' | 'lotteryEnd'>,
): boolean {
  return compareDates(date, view.lotteryStart) >= 0 && compareDates(date, view.lotteryEnd) <= 0;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The months the selector offers: every month that has a day of the lottery. */
export function lotteryMonths(view: Pick<WinnersView, 'lotteryStart' | 'lotteryEnd'>): string[] {
  const months: string[] = [];
  let { year, month } = view.lotteryStart;
  while (year * 12 + month <= view.lotteryEnd.year * 12 + view.lotteryEnd.month) {
    months.push(monthKey({ year, month }));
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** spec §4: the first day of the month inside the lottery period, or none. */
export function firstLotteryDay(
  key: string,
  view: Pick<WinnersView, 'lotteryStart' | 'lotteryEnd'>,
): number | null {
  const { year, month } = parseMonthKey(key);
  for (let day = 1; day <= daysInMonth(year, month); day += 1) {
    if (isInLottery({ year, month, day }, view)) return day;
  }
  return null;
}

/** Reads a record date ("2025-07-01", also unpadded "2025-7-1"); null when it is not a date. */
export function parseRecordDate(date: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(date);
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

export function selectedDate(view: WinnersView): CalendarDate | null {
  if (view.prizeType !== 'instant' || view.month === null || view.day === null) return null;
  return { ...parseMonthKey(view.month), day: view.day };
}

export function winnersReducer(view: WinnersView, action: WinnersAction): WinnersView {
  switch (action.type) {
    case 'instant': {
      // spec §4: switching to instant clears the draw and selects the current month and day, the date
      // clamped to the end date. Before the start, where spec §4 selects no day, the lottery's first day is
      // chosen, so the calendar opens on a day that can list winners whatever the clock says
      // (docs/decisions/landing.md#winners-start-state).
      const today = warsawCalendarDate(action.nowMs);
      const date =
        compareDates(today, view.lotteryStart) < 0
          ? view.lotteryStart
          : compareDates(today, view.lotteryEnd) > 0
            ? view.lotteryEnd
            : today;
      return { ...view, prizeType: 'instant', draw: null, month: monthKey(date), day: date.day };
    }
    case 'draw':
      // spec §4: switching to draw clears month and day.
      return { ...view, prizeType: 'draw', month: null, day: null };
    case 'month':
      return { ...view, month: action.month, day: firstLotteryDay(action.month, view) };
    case 'day': {
      if (view.month === null) return view;
      const date = { ...parseMonthKey(view.month), day: action.day };
      return isInLottery(date, view) ? { ...view, day: action.day } : view;
    }
    case 'selectDraw':
      return { ...view, draw: action.draw };
  }
}

export function initialWinnersView(nowMs: number): WinnersView {
  const base: WinnersView = {
    prizeType: 'instant',
    month: null,
    day: null,
    draw: null,
    lotteryStart: parseIsoDate(campaign.lottery.start),
    lotteryEnd: parseIsoDate(campaign.lottery.end),
  };
  return winnersReducer(base, { type: 'instant', nowMs });
}
