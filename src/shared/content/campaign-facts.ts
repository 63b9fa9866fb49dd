import type { Campaign } from '../campaign';
import { longPolishDate } from './polish-dates';

/** "2025-06-25T06:30:00" → "6:30", "2025-09-02T23:59:59" → "23:59:59". */
const clockTime = (iso: string) => iso.slice(11).replace(/:00$/, '').replace(/^0/, '');

/**
 * Campaign facts a content text may name as a {placeholder}: each is written once, in campaign.json, and
 * every text that mentions it follows a change there. A function of the campaign, so that content
 * validation learns the names from the campaign it checks.
 */
export function campaignFactsOf(campaign: Campaign): Record<string, string> {
  return {
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
    carRegistrationWorkingDays: String(campaign.carRegistrationWorkingDays),
    minimumPurchasePln: String(campaign.minimumPurchasePln),
    ...campaign.links,
  };
}
