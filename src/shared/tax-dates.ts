import { isoDateAfter } from './warsaw-time';
import { isWorkingDay } from './working-days';

// spec §9, docs/decisions/prize-issue.md#tax: the day the law sets for the prize tax withheld. The tax a
// lottery's organiser withholds is paid to the tax office by the 20th of the month after the month it was
// collected (the Personal Income Tax Act, art. 42 sec. 1); when that 20th is a Saturday, a Sunday or a public
// holiday, the term ends on the next working day (Ordynacja podatkowa art. 12 §5), on the one holiday calendar
// of src/shared/working-days.ts. The contract names that day as `dueBy`.

/** 'YYYY-MM': the month of a day 'YYYY-MM-DD'. */
export const monthOf = (day: string) => day.slice(0, 7);

/** The 20th of the month after `month` ('YYYY-MM'), before any move to a working day. */
function taxTwentieth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? { year: year + 1, month: 1 } : { year, month: monthNumber + 1 };
  return `${next.year}-${String(next.month).padStart(2, '0')}-20`;
}

/**
 * The day the tax collected in `month` ('YYYY-MM') is due: the 20th of the next month, or the first working
 * day after it when it is a Saturday, a Sunday or a public holiday (art. 12 §5). August 2025's tax is due on
 * Monday 22 September 2025 (the 20th a Saturday); December's stays in January (the 20th of January moves by
 * a weekend at most: 6 January is the month's last holiday).
 */
export function taxDueBy(month: string): string {
  let due = taxTwentieth(month);
  while (!isWorkingDay(due)) due = isoDateAfter(due, 1);
  return due;
}
