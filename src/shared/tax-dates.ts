// spec §9, docs/decisions/prize-issue.md#tax: the day the law sets for the prize tax withheld. The tax a
// lottery's organiser withholds is paid to the tax office by the 20th of the month after the month it was
// collected (the Personal Income Tax Act, art. 42 sec. 1); the contract names that 20th as `dueBy`.

/** 'YYYY-MM': the month of a day 'YYYY-MM-DD'. */
export const monthOf = (day: string) => day.slice(0, 7);

/** The 20th of the month after `month` ('YYYY-MM'): tax collected in December 2025 is due on 2026-01-20. */
export function taxDueBy(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? { year: year + 1, month: 1 } : { year, month: monthNumber + 1 };
  return `${next.year}-${String(next.month).padStart(2, '0')}-20`;
}
