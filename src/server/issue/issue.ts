import { randomUUID } from 'node:crypto';
import messages from '#content/staff-messages.json';
import { fill } from '#shared/content/template.ts';
import { campaign, prizes } from '#shared/campaign.ts';
import { isWarsawLocalTime, warsawDate } from '#shared/warsaw-time.ts';
import { winnerMailTo } from '../claims/claims';
import { isoAt } from '../clock';
import type { AppDeps } from '../deps';
import { DomainError } from '../domain-errors';
import {
  acceptedPrizes,
  insertStep,
  issueSteps,
  sealedStatement,
  statementIdOfClaim,
  type AcceptedPrize,
} from '../db/issues';
import { queueMail } from '../db/outbox';
import type { IssueStep } from '../db/types';
import { shippedEntry } from '../mail/orders';
import { appendAudit, type AuditAction } from '../staff/audit';
import { unsealStatement } from '../statements/sealed';
import { heldSealer } from '../statements/period-keys';
import { isIssued, isLate, issueOf, ISSUE_DEADLINE, type IssueState, type PrizeIssue } from './state';

// docs/decisions/prize-issue.md: recording a prize's way to its winner, step by step, from the panel or from a
// carrier's file, and the figures of what is still to be issued.

type Trx = AppDeps['storage']['db'];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const TRACKING = /^[\p{L}\p{N}][\p{L}\p{N} /-]{1,98}[\p{L}\p{N}]$/u;

/** From which states each step may be recorded, and on which way a prize goes. */
const STEP_RULES: Record<IssueStep, { way: PrizeIssue['way']; from: readonly IssueState[] }> = {
  shipped: { way: 'parcel', from: ['to-issue', 'returned'] },
  delivered: { way: 'parcel', from: ['shipped'] },
  returned: { way: 'parcel', from: ['shipped'] },
  'handed-over': { way: 'handover', from: ['to-issue'] },
};

const AUDIT_ACTIONS: Record<IssueStep, AuditAction> = {
  shipped: 'prize-shipped',
  delivered: 'prize-delivered',
  returned: 'prize-returned',
  'handed-over': 'prize-handed-over',
};

export const isIssueStep = (value: unknown): value is IssueStep =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(STEP_RULES, value);

/**
 * The carrier as the content's list spells it (campaign.json `carriers`; a carrier's file may write it in
 * other letter case): the shipped mail and the winner's page carry no name staff typed.
 */
function listedCarrier(name: string): string {
  const listed = campaign.carriers.find((carrier) => carrier.toLowerCase() === name.toLowerCase());
  if (!listed)
    throw new DomainError(
      'invalid',
      fill(messages.issueCarrierInvalid, { carriers: campaign.carriers.join(', ') }),
    );
  return listed;
}

/** A step as asked: by a person in the panel, or by a row of a carrier's file (the operator). */
export interface StepRequest {
  step: IssueStep;
  day: string;
  carrier?: string | undefined;
  tracking?: string | undefined;
}

/** The prizes' issues, each with its prize, as of the real clock's now (acceptances past their undo window). */
export async function prizeIssues(db: AppDeps['storage']['db'], nowMs: number, ids?: readonly string[]) {
  const accepted = await acceptedPrizes(db, { nowIso: isoAt(nowMs), ...(ids ? { ids } : {}) });
  const steps = await issueSteps(db, ids);
  return accepted.map((prize) => ({ prize, issue: issueOf(prize, steps) }));
}

/**
 * docs/api.md#operator-commands: per tier, the accepted prizes, how many are issued, how many are still to be, and
 * how many are late against the last issue day (as of the campaign clock's day).
 */
export async function issueStatus(deps: Pick<AppDeps, 'storage' | 'clock'>) {
  const today = warsawDate(deps.clock.campaign());
  const all = await prizeIssues(deps.storage.db, deps.clock.real());
  return prizes.tiers.map((tier) => {
    const own = all.filter(({ prize }) => prize.tier === tier.id);
    const issued = own.filter(({ issue }) => isIssued(issue)).length;
    return {
      tier: tier.id,
      accepted: own.length,
      issued,
      toIssue: own.length - issued,
      late: own.filter(({ issue }) => isLate(issue, today)).length,
    };
  });
}

function checkedDay(day: unknown, since: string, today: string): string {
  if (typeof day !== 'string' || !ISO_DAY.test(day) || !isWarsawLocalTime(day))
    throw new DomainError('invalid', messages.issueDayInvalid);
  if (day > today) throw new DomainError('invalid', messages.issueDayFuture);
  if (day < since) throw new DomainError('invalid', fill(messages.issueDayBefore, { since }));
  return day;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : '');

/**
 * Records one step of a prize's issue in the caller's transaction, audited; a parcel sent queues the
 * winner's `shipped` mail in the same transaction. `actor`: a staff member (who must not have decided or
 * approved the statement, docs/decisions/staff.md#role-pairs) or the operator (a carrier's file). Returns
 * whether anything was recorded and mailed (a step already recorded is not recorded again).
 */
export async function recordStep(
  trx: Trx,
  deps: AppDeps,
  prize: AcceptedPrize,
  issue: PrizeIssue,
  request: StepRequest,
  actor: { id: string; source: 'panel' | 'import' },
): Promise<{ recorded: boolean; mailed: boolean }> {
  const rule = STEP_RULES[request.step];
  if (issue.way !== rule.way) throw new DomainError('invalid', messages.issueWrongWay);
  if (actor.source === 'panel' && (prize.reviewer_id === actor.id || prize.approver_id === actor.id))
    throw new DomainError('not-allowed', messages.issueOwnDecision);
  if (!rule.from.includes(issue.state)) throw new DomainError('conflict', messages.issueStepNotNow);
  const realMs = deps.clock.real();
  // docs/decisions/server-house.md#two-clocks-chosen-per-use: a step's day is a fact of the lottery, judged against the
  // campaign clock's day, as the acceptance it follows (`since`) was stamped; so is the step's record.
  const campaignMs = deps.clock.campaign();
  // A parcel's end comes after it was sent; a parcel or a handover after the acceptance.
  const since =
    request.step === 'shipped' || request.step === 'handed-over' ? issue.waitingSince : issue.shippedOn!;
  const day = checkedDay(request.day, since, warsawDate(campaignMs));
  const shipping = request.step === 'shipped';
  const carrier = shipping ? listedCarrier(textOf(request.carrier)) : null;
  const tracking = shipping ? textOf(request.tracking) : null;
  if (shipping && !TRACKING.test(tracking!)) throw new DomainError('invalid', messages.issueTrackingInvalid);
  const parcel = shipping ? issue.parcel + 1 : Math.max(issue.parcel, 1);
  const recorded = await insertStep(trx, {
    id: randomUUID(),
    statement_id: prize.id,
    parcel,
    step: request.step,
    day,
    carrier,
    tracking,
    source: actor.source,
    recorded_by: actor.id,
    recorded_at: isoAt(campaignMs),
  });
  if (!recorded) {
    if (actor.source === 'import') return { recorded: false, mailed: false };
    throw new DomainError('conflict', messages.issueStepNotNow);
  }
  await appendAudit(trx, deps.storage, deps.clock, {
    actor: actor.id,
    action: AUDIT_ACTIONS[request.step],
    subject: prize.id,
    details: { parcel, day, source: actor.source },
  });
  if (!shipping) return { recorded: true, mailed: false };
  const statement = await sealedStatement(trx, prize.id);
  const to = winnerMailTo([deps.statementsKey], statement, () => {
    const { email } = unsealStatement([deps.statementsKey], statement.claim_id, statement) as {
      email?: unknown;
    };
    return typeof email === 'string' ? email : '';
  });
  if (!to) return { recorded: true, mailed: false };
  await queueMail(trx, [
    shippedEntry(
      await heldSealer(trx, deps.storage.keysDir, 'open'),
      { id: prize.claim_id, tier: prize.tier, prize: prize.prize, code: prize.code },
      to,
      { reference: prize.reference ?? '', carrier: carrier!, tracking: tracking!, shippedOn: day },
      parcel,
      { campaignMs, realMs },
    ),
  ]);
  return { recorded: true, mailed: true };
}

/** 'Wysłano', 'Doręczono', 'Zwrócono', 'Wydano' in the panel: one step of this prize, by this person. */
export async function recordPanelStep(
  deps: AppDeps,
  staffId: string,
  id: string,
  body: Record<string, unknown>,
) {
  if (!isIssueStep(body.step)) throw new DomainError('invalid', messages.issueStepInvalid);
  const step = body.step;
  return deps.storage.db.transaction().execute(async (trx) => {
    const [found] = await prizeIssues(trx, deps.clock.real(), [id]);
    if (!found) throw new DomainError('not-found', messages.issueNotFound);
    await recordStep(
      trx,
      deps,
      found.prize,
      found.issue,
      {
        step,
        day: typeof body.day === 'string' ? body.day : '',
        carrier: textOf(body.carrier),
        tracking: textOf(body.tracking),
      },
      { id: staffId, source: 'panel' },
    );
    const [after] = await prizeIssues(trx, deps.clock.real(), [id]);
    return issueItem(after!, staffId, warsawDate(deps.clock.campaign()));
  });
}

/** A prize as the panel lists it: no name, no address, only what the issue needs. */
export function issueItem(
  { prize, issue }: { prize: AcceptedPrize; issue: PrizeIssue },
  staffId: string,
  today: string,
) {
  return {
    id: prize.id,
    reference: prize.reference,
    tier: prize.tier,
    code: prize.code,
    way: issue.way,
    state: issue.state,
    acceptedAt: prize.final_at!,
    waitingSince: issue.waitingSince,
    issuedOn: issue.issuedOn,
    parcel: issue.parcel,
    carrier: issue.carrier,
    tracking: issue.tracking,
    shippedOn: issue.shippedOn,
    registrationBy: issue.registrationBy,
    late: isLate(issue, today),
    decidedByYou: prize.reviewer_id === staffId || prize.approver_id === staffId,
    steps: issue.steps.map((step) => ({
      parcel: step.parcel,
      step: step.step,
      day: step.day,
      carrier: step.carrier,
      tracking: step.tracking,
      recordedAt: step.recorded_at,
    })),
  };
}

/**
 * /panel/wydania: the goods and the car accepted, those still to be issued first (the oldest waiting first),
 * then the issued ones; money prizes are the payout page's. With the last issue day and the figures.
 */
export async function issueList(deps: AppDeps, staffId: string) {
  const today = warsawDate(deps.clock.campaign());
  const all = await prizeIssues(deps.storage.db, deps.clock.real());
  const items = all
    .filter(({ issue }) => issue.way !== 'transfer')
    .map((found) => issueItem(found, staffId, today));
  const open = items.filter((item) => item.issuedOn === null);
  open.sort((a, b) => a.waitingSince.localeCompare(b.waitingSince));
  return {
    deadline: ISSUE_DEADLINE,
    today,
    open,
    issued: items.filter((item) => item.issuedOn !== null),
    status: await issueStatus(deps),
  };
}

/**
 * docs/api.md#reads: what became of an accepted prize, for its winner's link page: sent (with the carrier and
 * the parcel's number), delivered, returned, handed over or paid, with the day; nothing while it waits.
 */
export async function winnerIssue(deps: AppDeps, claimId: string) {
  const id = await statementIdOfClaim(deps.storage.db, claimId);
  const [found] = id ? await prizeIssues(deps.storage.db, deps.clock.real(), [id]) : [];
  if (!found || found.issue.state === 'to-issue') return {};
  const { state, issuedOn, carrier, tracking, shippedOn, steps } = found.issue;
  if (state === 'shipped')
    return { issue: { state, on: shippedOn!, carrier: carrier!, tracking: tracking! } };
  return { issue: { state, on: issuedOn ?? steps.at(-1)!.day } };
}
