import { useRef, type KeyboardEvent } from 'react';
import { polishDate, polishMonth, polishWeekdays } from '#shared/content/polish-dates.ts';
import { fill } from '#shared/content/template.ts';
import { daysInMonth, isInLottery, parseMonthKey, type WinnersView } from './winners-view';
import { texts } from '#shared/content/texts.ts';

/** "lipiec 2025", the title of a month's calendar and its entry in the month selector. */
export function monthName(key: string): string {
  return polishMonth(parseMonthKey(key));
}

/** A month of day buttons, Monday first; days outside the lottery period are disabled (spec §2). */
export function Calendar({
  view,
  monthKeyValue,
  onSelectDay,
}: {
  view: WinnersView;
  monthKeyValue: string;
  onSelectDay: (day: number) => void;
}) {
  const { year, month } = parseMonthKey(monthKeyValue);
  const leading = (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 6) % 7;
  const cells: (number | null)[] = [
    ...Array.from({ length: leading }, () => null),
    ...Array.from({ length: daysInMonth(year, month) }, (_, index) => index + 1),
  ];
  // Always six weeks, so switching months never moves what follows the calendar.
  while (cells.length < 42) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));

  const lastDay = daysInMonth(year, month);
  const enabled = (day: number) => day >= 1 && day <= lastDay && isInLottery({ year, month, day }, view);
  const enabledDays = Array.from({ length: lastDay }, (_, index) => index + 1).filter(enabled);
  // One tab stop for the whole month (the chosen day, else its first lottery day); arrows move within it.
  const tabStop = view.day !== null && enabled(view.day) ? view.day : enabledDays[0];
  const buttons = useRef(new Map<number, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent, day: number) => {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    let target: number | undefined;
    if (event.key in steps) {
      const step = steps[event.key]!;
      target = day + step;
      // Skip the days outside the lottery, in the direction of travel.
      while (target >= 1 && target <= lastDay && !enabled(target)) target += Math.sign(step);
      if (target < 1 || target > lastDay) target = undefined;
    } else if (event.key === 'Home') {
      target = enabledDays[0];
    } else if (event.key === 'End') {
      target = enabledDays[enabledDays.length - 1];
    } else {
      return;
    }
    event.preventDefault();
    if (target !== undefined) buttons.current.get(target)?.focus();
  };

  return (
    <table className="calendar">
      <caption className="visually-hidden">
        {fill(texts.winners.calendarLabel, { month: monthName(monthKeyValue) })}
      </caption>
      <thead>
        <tr>
          {polishWeekdays.map((weekday) => (
            <th key={weekday.name} scope="col">
              <abbr title={weekday.name}>{weekday.letter}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week, index) => (
          <tr key={index}>
            {week.map((day, column) => (
              <td key={column}>
                {day !== null && (
                  <button
                    ref={(element) => {
                      if (element) buttons.current.set(day, element);
                      else buttons.current.delete(day);
                    }}
                    type="button"
                    className="calendar__day"
                    tabIndex={day === tabStop ? 0 : -1}
                    onKeyDown={(event) => onKeyDown(event, day)}
                    aria-pressed={view.day === day}
                    aria-label={polishDate({ year, month, day })}
                    disabled={!isInLottery({ year, month, day }, view)}
                    onClick={() => onSelectDay(day)}
                  >
                    {day}
                  </button>
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
