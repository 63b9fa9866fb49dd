import { panelCall } from './call';
import { array, BOOLEAN, nullable, NUMBER, object, oneOf, STRING } from './schema';

// docs/api.md#staff-panel, docs/decisions/review.md#payout: the `payout` role's calls (/panel/api/payouts).

const PAYOUT = ['payout'] as const;
const IDS = object({ ids: array(STRING) }, ['ids']);

export const PAYOUT_ITEM = object({
  id: STRING,
  reference: nullable(STRING),
  tier: STRING,
  code: STRING,
  /** A display string: "200,00 zł". */
  amount: STRING,
  acceptedAt: STRING,
  /** The caller decided or approved it: another person pays it (docs/decisions/staff.md#role-pairs). */
  decidedByYou: BOOLEAN,
});

/** An export, a payment or an undone payment, from the audit trail. */
export const PAYOUT_EVENT = object({
  at: STRING,
  action: oneOf(['payouts-exported', 'payouts-paid', 'payout-undone']),
  /** Who, by e-mail; null for a person no longer kept. */
  by: nullable(STRING),
  references: array(STRING),
  sum: STRING,
  reason: nullable(STRING),
});

export const payoutsCall = panelCall({
  method: 'GET',
  path: '/payouts',
  access: PAYOUT,
  reply: object({
    items: array(PAYOUT_ITEM),
    total: NUMBER,
    sum: STRING,
    /** The newest first. */
    history: array(PAYOUT_EVENT),
  }),
});

export const payoutExportCall = panelCall({
  method: 'POST',
  path: '/payouts/export',
  access: PAYOUT,
  body: IDS,
  reply: { file: 'text/csv; charset=utf-8' },
});

export const payoutPaidCall = panelCall({
  method: 'POST',
  path: '/payouts/paid',
  access: PAYOUT,
  body: IDS,
  reply: object({ paid: NUMBER }),
});

export const payoutUndoCall = panelCall({
  method: 'POST',
  path: '/payouts/undo',
  access: PAYOUT,
  body: object({ reference: STRING, reason: STRING }, ['reference', 'reason']),
  reply: object({ reference: STRING }),
});

export const PAYOUT_CALLS = [payoutsCall, payoutExportCall, payoutPaidCall, payoutUndoCall] as const;
