import reviewTexts from '#content/review.json';
import messages from '#content/staff-messages.json';
import { prizes, prizeValue, type PrizeKey } from '#shared/campaign.ts';
import { groupThousands } from '#shared/prize-values.ts';
import { PAYOUT_FIELDS } from '#shared/statement/payload.ts';
import { warsawDate } from '#shared/warsaw-time.ts';
import { isoAt } from '../clock';
import type { AppDeps } from '../deps';
import { markPaid, markUnpaid, payableStatements, payoutEntries, statementPrizes } from '../db/payouts';
import { csvText } from '../operator/exports';
import { DomainError } from '../domain-errors';
import { appendAudit } from '../staff/audit';
import { unsealStatement } from '../statements/sealed';

// docs/decisions/review.md#payout: the `payout` role pays the money prizes of accepted statements by bank
// transfer: a list without personal data, an audited CSV with name, IBAN and amount, "paid", the way back
// for a transfer that bounced, and the history of all three from the audit trail.

/**
 * A money prize is one whose catalogue entry says `transfer` (prizes.json): its value, in whole złoty, is
 * transferred (#shared/campaign.ts prizeValue). The tax award of WinTo! is withheld as tax (spec §9), not
 * transferred.
 */
const MONEY_PRIZES = (Object.keys(prizes.catalogue) as PrizeKey[]).filter((key) => prizeValue(key).transfer);
const MAX_IDS = 1000;

/** "7 000,00 zł": whole złoty grouped by thousands, as the prize plan writes amounts, with grosze. The spaces
 * are non-breaking: a sum never wraps between its digits. */
const zloty = (amount: number) =>
  `${groupThousands(Math.trunc(amount), '\u00a0')},${fileAmount(amount).slice(-2)}\u00a0zł`;
/** "7000,00": a number to a Polish spreadsheet (no grouping, a decimal comma), not a text. */
const fileAmount = (amount: number) => amount.toFixed(2).replace('.', ',');
const amountOf = (prize: string) =>
  MONEY_PRIZES.includes(prize as PrizeKey) ? prizeValue(prize as PrizeKey).value : 0;
/** The payout history's length on the page; the audit trail keeps all of it. */
const HISTORY_LENGTH = 20;
const UNDO_REASON = { min: 3, max: 200 };

/**
 * docs/decisions/staff.md#role-pairs: whoever decided or approved a statement does not pay its prize (export
 * it or mark it paid); another person with the `payout` role does.
 */
type Deciders = { reviewer_id: string | null; approver_id: string | null };
const decidedBy = (row: Deciders, staffId: string) =>
  row.reviewer_id === staffId || row.approver_id === staffId;

function refuseOwnDecisions(rows: readonly Deciders[], staffId: string) {
  if (rows.some((row) => decidedBy(row, staffId)))
    throw new DomainError('not-allowed', messages.payoutOwnDecision);
}

/**
 * The unpaid list (docs/api.md#staff-panel): reference, tier, code, amount; no name, no account. The prizes
 * the caller decided or approved are listed too, marked, for another person to pay.
 */
export async function payoutList(deps: AppDeps, staffId: string) {
  const rows = await payableStatements(deps.storage.db, {
    nowIso: isoAt(deps.clock.real()),
    prizes: MONEY_PRIZES,
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      reference: row.reference,
      tier: row.tier,
      code: row.code,
      amount: zloty(amountOf(row.prize)),
      acceptedAt: row.final_at,
      decidedByYou: decidedBy(row, staffId),
    })),
    total: rows.length,
    sum: zloty(rows.reduce((sum, row) => sum + amountOf(row.prize), 0)),
    history: await payoutHistory(deps),
  };
}

/**
 * The newest exports, payments and undone payments, from the audit trail: when, who, which references and
 * their sum. An entry names statement ids; their references and prizes are looked up here.
 */
async function payoutHistory(deps: AppDeps) {
  const db = deps.storage.db;
  const entries = (await payoutEntries(db, HISTORY_LENGTH)).map((entry) => {
    const details = entry.details ? (JSON.parse(entry.details) as { statements?: string[] }) : {};
    return { ...entry, statements: details.statements ?? [] };
  });
  const statements = new Map(
    (await statementPrizes(db, [...new Set(entries.flatMap((entry) => entry.statements))])).map((row) => [
      row.id,
      row,
    ]),
  );
  return entries.map((entry) => {
    const known = entry.statements.flatMap((id) => statements.get(id) ?? []);
    return {
      at: entry.at,
      action: entry.action,
      by: entry.email,
      references: known.map((row) => row.reference ?? row.id),
      sum: zloty(known.reduce((sum, row) => sum + amountOf(row.prize), 0)),
      reason: entry.reason,
    };
  });
}

function idsOf(body: Record<string, unknown>): string[] {
  const { ids } = body;
  if (
    !Array.isArray(ids) ||
    ids.length === 0 ||
    ids.length > MAX_IDS ||
    !ids.every((id): id is string => typeof id === 'string')
  )
    throw new DomainError('invalid', messages.payoutIdsInvalid);
  return [...new Set(ids)];
}

/** The transfer file of these statements, each still payable (else a conflict: the list changed). Audited. */
export async function payoutExport(deps: AppDeps, staffId: string, body: Record<string, unknown>) {
  const ids = idsOf(body);
  return deps.storage.db.transaction().execute(async (trx) => {
    const rows = await payableStatements(trx, {
      nowIso: isoAt(deps.clock.real()),
      prizes: MONEY_PRIZES,
      ids,
    });
    refuseOwnDecisions(rows, staffId);
    if (rows.length !== ids.length) throw new DomainError('conflict', messages.payoutsChanged);
    await appendAudit(trx, deps.storage, deps.clock, {
      actor: staffId,
      action: 'payouts-exported',
      details: { count: rows.length, statements: rows.map((row) => row.id) },
    });
    const csv = csvText(
      reviewTexts.payoutColumns,
      rows.map((row) => {
        const sent = unsealStatement([deps.statementsKey], row.claim_id, row);
        return [row.reference, ...PAYOUT_FIELDS.map((field) => sent[field]), fileAmount(amountOf(row.prize))];
      }),
      ';',
    );
    // The file's date is the payout's day, a fact of the lottery: the campaign clock's.
    return { csv, fileName: `wyplaty-${warsawDate(deps.clock.campaign())}.csv` };
  });
}

/**
 * Marks these statements paid (those still payable; none if one of them is the caller's own decision).
 * Audited, with the statements it marked.
 */
export async function payoutPaid(deps: AppDeps, staffId: string, body: Record<string, unknown>) {
  const ids = idsOf(body);
  return deps.storage.db.transaction().execute(async (trx) => {
    // Payable: the undo window passed (real clock); paid on the campaign clock's now, the day the money prize
    // counts as issued, late or not and taxed in (docs/decisions/server-house.md#two-clocks-chosen-per-use).
    const rows = await payableStatements(trx, {
      nowIso: isoAt(deps.clock.real()),
      prizes: MONEY_PRIZES,
      ids,
    });
    refuseOwnDecisions(rows, staffId);
    const paid = rows.map((row) => row.id);
    await markPaid(trx, { paidIso: isoAt(deps.clock.campaign()), ids: paid, staffId });
    await appendAudit(trx, deps.storage, deps.clock, {
      actor: staffId,
      action: 'payouts-paid',
      details: { count: paid.length, statements: paid },
    });
    return { paid: paid.length };
  });
}

/**
 * 'Cofnij wypłatę': a transfer bounced, so the prize with this reference is not paid after all and goes back
 * to the list (to be exported again once the account is right). For a reason, audited.
 */
export async function payoutUndo(deps: AppDeps, staffId: string, body: Record<string, unknown>) {
  const reference = typeof body.reference === 'string' ? body.reference.trim().toUpperCase() : '';
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (reason.length < UNDO_REASON.min || reason.length > UNDO_REASON.max)
    throw new DomainError('invalid', messages.payoutUndoReasonInvalid);
  return deps.storage.db.transaction().execute(async (trx) => {
    const id = await markUnpaid(trx, { reference, prizes: MONEY_PRIZES });
    if (!id) throw new DomainError('not-found', messages.payoutNotPaid);
    await appendAudit(trx, deps.storage, deps.clock, {
      actor: staffId,
      action: 'payout-undone',
      subject: id,
      reason,
      details: { statements: [id] },
    });
    return { reference };
  });
}
