import faqJson from '#content/faq.json';
import rulesJson from '#content/rules.json';
import textsJson from '#content/texts.json';
import { campaign } from '#shared/campaign.ts';
import { polishDate, polishDayMonth } from '#shared/polish-dates.ts';
import { parseIsoDate } from '#shared/warsaw-time.ts';
import { fill } from './template';

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

/** "2025-06-25T06:30:00" → "6:30", "2025-09-02T23:59:59" → "23:59:59". */
const clockTime = (iso: string) => iso.slice(11).replace(/:00$/, '').replace(/^0/, '');

/**
 * Campaign facts a content text may name as a {placeholder}: each is written once, in campaign.json, and
 * every text that mentions it follows a change there.
 */
export const campaignFacts: Record<string, string> = {
  email: campaign.contact.email,
  phone: campaign.contact.phone,
  phoneHours: campaign.contact.phoneHours,
  organiser: campaign.organiser,
  lotteryName: campaign.lotteryName,
  lotteryNameUpper: campaign.lotteryName.toLocaleUpperCase('pl-PL'),
  salesStart: longPolishDate(campaign.sales.start),
  salesStartTime: clockTime(campaign.sales.start),
  salesEnd: longPolishDate(campaign.sales.end),
  salesEndTime: clockTime(campaign.sales.end),
  registrationStart: longPolishDate(campaign.registration.start),
  registrationEnd: longPolishDate(campaign.registration.end),
  registrationEndTime: clockTime(campaign.registration.end),
  keepCodesUntil: longPolishDate(campaign.keepCodesUntil),
  lastDraw: longPolishDate(campaign.lastDraw),
  prizesIssuedBy: longPolishDate(campaign.prizesIssuedBy),
  lotteryEnd: longPolishDate(campaign.lotteryEnd),
  complaintsStart: longPolishDate(campaign.complaints.start),
  complaintsEnd: longPolishDate(campaign.complaints.end),
  statementDeadlineDays: String(campaign.statementDeadlineDays),
  minimumPurchasePln: String(campaign.minimumPurchasePln),
  ...campaign.links,
};

/**
 * Polish typesetting for amounts: a narrow screen must not break "4 088 zł" into "4" and "088 zł", so
 * thousands and the currency are bound with no-break spaces.
 */
function bindAmounts(text: string): string {
  return text.replace(/(\d) (?=\d{3}(?!\d))/g, '$1\u00a0').replace(/(\d) zł/g, '$1\u00a0zł');
}

/** The content with every campaign-fact placeholder filled; other placeholders ({code}, {date}) stay. */
export function withFacts<T>(content: T): T {
  if (typeof content === 'string') return bindAmounts(fill(content, campaignFacts)) as T;
  if (Array.isArray(content)) return content.map(withFacts) as T;
  if (typeof content === 'object' && content !== null) {
    return Object.fromEntries(Object.entries(content).map(([key, value]) => [key, withFacts(value)])) as T;
  }
  return content;
}

export const texts = withFacts(textsJson);
export const rules = withFacts(rulesJson);
export const faq = withFacts(faqJson);
