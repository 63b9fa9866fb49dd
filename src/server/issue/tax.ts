import { prizeValue, type PrizeKey } from '#shared/campaign.ts';
import { monthOf, taxDueBy } from '#shared/tax-dates.ts';
import type { AppDeps } from '../deps';
import { prizeIssues } from './issue';

// docs/decisions/prize-issue.md#tax: the tax withheld from prizes above 2 280 zł (spec §9), by the month it was
// collected: the month the prize was issued (delivered, handed over) or paid.

/**
 * `tax-report --year RRRR`: per month of that year with a taxed prize issued, `{month, prizes, tax, dueBy}`
 * (in month order), then the year's `{year, prizes, tax}` for the annual declaration.
 */
export async function taxReport(deps: Pick<AppDeps, 'storage' | 'clock'>, year: number) {
  const months = new Map<string, { prizes: number; tax: number }>();
  for (const { prize, issue } of await prizeIssues(deps.storage.db, deps.clock.real())) {
    const value = prizeValue(prize.prize as PrizeKey);
    if (!value.taxed || issue.issuedOn === null || !issue.issuedOn.startsWith(`${year}-`)) continue;
    const month = months.get(monthOf(issue.issuedOn)) ?? { prizes: 0, tax: 0 };
    months.set(monthOf(issue.issuedOn), { prizes: month.prizes + 1, tax: month.tax + value.tax });
  }
  const lines = [...months]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, sums]) => ({ month, ...sums, dueBy: taxDueBy(month) }));
  return {
    months: lines,
    year: {
      year,
      prizes: lines.reduce((sum, line) => sum + line.prizes, 0),
      tax: lines.reduce((sum, line) => sum + line.tax, 0),
    },
  };
}
