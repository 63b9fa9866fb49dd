import type { Campaign } from './content-schemas/campaign';
import { monthOf, taxDueBy } from './tax-dates';
import { parseIsoDate } from './warsaw-time';

// docs/decisions/retention.md: the purge day of a statement, on the Warsaw calendar, in one place. Days are
// ISO dates (RRRR-MM-DD, Warsaw). A purge day is the first day after the latest period that applies: the data
// is kept through the period's last day and may go on the next.

/** spec §9: data is kept 5 years from the end of the year of prize issue (and the tax ordinance's 5 years). */
export const RECORDS_YEARS = 5;
/**
 * docs/decisions/retention.md#never-issued: claims from a lottery lapse after 6 months (the Gambling Act); a
 * statement whose prize was never issued is kept that long after the lottery (and its complaints) ended.
 */
export const CLAIMS_LAPSE_MONTHS = 6;

/** Why a statement's purge day is what it is: the period that ends last. */
export type PurgeRule =
  /** 5 years from the end of the year the prize was issued or paid (spec §9, the Gambling Act's records). */
  | 'issue'
  /** 5 years from the end of the year the prize's tax was due (the tax ordinance, art. 70 § 1). */
  | 'tax'
  /** 6 months from the later of the final rejection (or lapse) and the lottery's end. */
  | 'lapse';

/** What a statement's purge day is counted from. */
export type RetentionBasis =
  /** Issued (paid, delivered, handed over) on `issuedOn`; `taxed`: above the tax threshold. */
  | { kind: 'issued'; issuedOn: string; taxed: boolean }
  /** Never to be issued (rejected for good, forfeited, the claim expired), as of `endedOn`. */
  | { kind: 'never-issued'; endedOn: string }
  /** Accepted and not issued yet, or not decided yet: never due while so. */
  | { kind: 'pending' };

export interface PurgeDay {
  /** The first day the statement may be emptied; null: never due while its prize is not issued. */
  purgeOn: string | null;
  rule: PurgeRule | null;
  /** The day the period counts from: the issue day, the tax's due day, or the day the claim could end. */
  since: string | null;
}

/** The first day after `years` full years from the end of `day`'s year: 2025-09-10, 5 → 2031-01-01. */
export function firstDayAfterYearsFromYearEnd(day: string, years: number): string {
  return `${parseIsoDate(day).year + years + 1}-01-01`;
}

/** The first day after `months` months from `day` (the month's last day when it has no such day). */
export function firstDayAfterMonths(day: string, months: number): string {
  const { year, month, day: dayOfMonth } = parseIsoDate(day);
  const lastDayOfTarget = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  const end = new Date(Date.UTC(year, month - 1 + months, Math.min(dayOfMonth, lastDayOfTarget) + 1));
  return end.toISOString().slice(0, 10);
}

/** A statement's purge day, and the period that sets it. */
export function purgeDayOf(basis: RetentionBasis, dates: Pick<Campaign, 'lotteryEnd'>): PurgeDay {
  if (basis.kind === 'pending') return { purgeOn: null, rule: null, since: null };
  if (basis.kind === 'never-issued') {
    // Complaints end with the lottery (spec §1): a claim can be pressed until then, and lapses 6 months on.
    const end = dates.lotteryEnd.slice(0, 10);
    const since = basis.endedOn > end ? basis.endedOn : end;
    return { purgeOn: firstDayAfterMonths(since, CLAIMS_LAPSE_MONTHS), rule: 'lapse', since };
  }
  const byIssue = firstDayAfterYearsFromYearEnd(basis.issuedOn, RECORDS_YEARS);
  if (!basis.taxed) return { purgeOn: byIssue, rule: 'issue', since: basis.issuedOn };
  // spec §9, src/shared/tax-dates.ts: the tax is collected on the issue day, due on the 20th of the next month.
  const taxDue = taxDueBy(monthOf(basis.issuedOn));
  const byTax = firstDayAfterYearsFromYearEnd(taxDue, RECORDS_YEARS);
  return byTax > byIssue
    ? { purgeOn: byTax, rule: 'tax', since: taxDue }
    : { purgeOn: byIssue, rule: 'issue', since: basis.issuedOn };
}

/** Whether a purge day has come on `day`. */
export const isDue = (purgeOn: string | null, day: string): boolean => purgeOn !== null && purgeOn <= day;
