import { campaign, prizes, type PrizeKey } from '#shared/campaign.ts';
import type { IssueState } from '#shared/issue-states.ts';
import { warsawDate } from '#shared/warsaw-time.ts';
import { addWorkingDays } from '#shared/working-days.ts';
import type { AcceptedPrize } from '../db/issues';
import type { IssueStep, PrizeIssueStepTable } from '../db/types';

// docs/decisions/prize-issue.md#states: where an accepted prize stands on its way to the winner, derived from
// its payout or its recorded steps, and nothing else: one source for the panel, the commands, the winner's
// page, the register and the tax.

/**
 * How a prize reaches its winner, from the catalogue (prizes.json): a money prize is transferred (its
 * `transfer`), the others go by parcel or are handed over (their `issue`); content validation holds each
 * prize to exactly one.
 */
export type IssueWay = 'transfer' | 'parcel' | 'handover';

export function issueWay(prize: string): IssueWay {
  const entry = prizes.catalogue[prize as PrizeKey] as (typeof prizes.catalogue)[PrizeKey] | undefined;
  if (entry?.transfer === true) return 'transfer';
  return entry?.issue ?? 'parcel';
}

/** spec §1: every prize issued by this Warsaw day (campaign.json `prizesIssuedBy`). */
export const ISSUE_DEADLINE = campaign.prizesIssuedBy;

export type { IssueState };

export interface PrizeIssue {
  way: IssueWay;
  state: IssueState;
  /** YYYY-MM-DD: the day it was paid, delivered or handed over; null while not issued. */
  issuedOn: string | null;
  /** The current parcel's number (0 before the first); the handover is 1. */
  parcel: number;
  /** The current parcel's carrier, number and day sent; null without one, or once it came back. */
  carrier: string | null;
  tracking: string | null;
  shippedOn: string | null;
  /** YYYY-MM-DD: since when it waits to be issued: its acceptance, or the day its parcel came back. */
  waitingSince: string;
  /** The car: the last day of its registration formalities (spec §9), once handed over. */
  registrationBy: string | null;
  /** The prize's steps as recorded, oldest first. */
  steps: readonly PrizeIssueStepTable[];
}

const STEP_STATE: Record<IssueStep, IssueState> = {
  shipped: 'shipped',
  delivered: 'delivered',
  returned: 'returned',
  'handed-over': 'handed-over',
};

/** The prize's issue as of its payout and its steps (those of other prizes are ignored). */
export function issueOf(prize: AcceptedPrize, allSteps: readonly PrizeIssueStepTable[]): PrizeIssue {
  const way = issueWay(prize.prize);
  // A parcel's sending before its end, whatever the instants they were recorded at.
  const steps = allSteps
    .filter((step) => step.statement_id === prize.id)
    .sort((a, b) => a.parcel - b.parcel || Number(b.step === 'shipped') - Number(a.step === 'shipped'));
  const acceptedOn = warsawDate(Date.parse(prize.final_at!));
  const base = {
    way,
    parcel: 0,
    carrier: null,
    tracking: null,
    shippedOn: null,
    registrationBy: null,
    steps,
  };
  if (way === 'transfer') {
    // docs/decisions/review.md#payout: the payout is the money prize's issue.
    const paidOn = prize.paid_at ? warsawDate(Date.parse(prize.paid_at)) : null;
    return { ...base, state: paidOn ? 'paid' : 'to-issue', issuedOn: paidOn, waitingSince: acceptedOn };
  }
  const last = steps.at(-1);
  if (!last) return { ...base, state: 'to-issue', issuedOn: null, waitingSince: acceptedOn };
  const state = STEP_STATE[last.step];
  const sent = steps.find((step) => step.parcel === last.parcel && step.step === 'shipped');
  const returned = state === 'returned';
  return {
    ...base,
    state,
    parcel: last.parcel,
    issuedOn: state === 'delivered' || state === 'handed-over' ? last.day : null,
    carrier: returned ? null : (sent?.carrier ?? null),
    tracking: returned ? null : (sent?.tracking ?? null),
    shippedOn: returned ? null : (sent?.day ?? null),
    // A returned parcel is to be issued again, its waiting counted afresh (docs/decisions/prize-issue.md#returned).
    waitingSince: returned ? last.day : acceptedOn,
    registrationBy:
      state === 'handed-over' ? addWorkingDays(last.day, campaign.carRegistrationWorkingDays) : null,
  };
}

/**
 * spec §1: late when not issued by the last issue day: issued after it, or still not issued once it has
 * passed (`today`: the campaign clock's Warsaw day, the clock deadlines are read on).
 */
export const isLate = (issue: Pick<PrizeIssue, 'issuedOn'>, today: string) =>
  issue.issuedOn ? issue.issuedOn > ISSUE_DEADLINE : today > ISSUE_DEADLINE;

export const isIssued = (issue: Pick<PrizeIssue, 'issuedOn'>) => issue.issuedOn !== null;
