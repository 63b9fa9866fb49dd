import reviewTexts from '#content/review.json';
import messages from '#content/staff-messages.json';
import { prizes, type PrizeKey } from '#shared/campaign.ts';
import { isoAt } from '../clock';
import type { AppDeps } from '../deps';
import { markPaid, payableStatements } from '../db/reviews';
import { csvText } from '../operator/exports';
import { ApiProblem } from '../plugins/error-mapping';
import { appendAudit } from '../staff/audit';
import { unsealStatement } from '../statements/sealed';
import { warsawDate } from '../mail/schedule';

// docs/decisions/review.md#payout: the `payout` role pays the money prizes of accepted statements by bank
// transfer: a list without personal data, an audited CSV with name, IBAN and amount, and "paid".

/**
 * A money prize is one whose catalogue award is an amount ("200 zł", "7 000 zł" in prizes.json): the
 * amount transferred. The tax award of WinTo! is withheld as tax (spec §9), not transferred.
 */
const AMOUNT = /^(\d{1,3}(?: \d{3})*) zł$/;
const TRANSFERS = new Map(
  Object.entries(prizes.catalogue).flatMap(([key, prize]) => {
    const match = AMOUNT.exec(prize.award);
    return match ? [[key, Number(match[1]!.replace(/ /g, ''))] as const] : [];
  }),
);
const MONEY_PRIZES = [...TRANSFERS.keys()];
const MAX_IDS = 1000;

/** "7 000,00": whole złoty grouped by thousands, as the prize plan writes amounts, with grosze. */
const plainAmount = (amount: number) =>
  `${String(Math.trunc(amount)).replace(/\B(?=(\d{3})+$)/g, ' ')},${String(Math.round((amount % 1) * 100)).padStart(2, '0')}`;
const zloty = (amount: number) => `${plainAmount(amount)} zł`;
const amountOf = (prize: string) => TRANSFERS.get(prize as PrizeKey) ?? 0;

/** The unpaid list (docs/api.md#staff-panel): reference, tier, code, amount; no name, no account. */
export async function payoutList(deps: AppDeps) {
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
    })),
    total: rows.length,
    sum: zloty(rows.reduce((sum, row) => sum + amountOf(row.prize), 0)),
  };
}

function idsOf(body: Record<string, unknown>): string[] {
  const { ids } = body;
  if (
    !Array.isArray(ids) ||
    ids.length === 0 ||
    ids.length > MAX_IDS ||
    !ids.every((id): id is string => typeof id === 'string')
  )
    throw new ApiProblem(400, messages.payoutIdsInvalid);
  return [...new Set(ids)];
}

/** The transfer file of these statements, each still payable (else 409: the list changed). Audited. */
export async function payoutExport(deps: AppDeps, staffId: string, body: Record<string, unknown>) {
  const ids = idsOf(body);
  const nowMs = deps.clock.real();
  return deps.storage.db.transaction().execute(async (trx) => {
    const rows = await payableStatements(trx, { nowIso: isoAt(nowMs), prizes: MONEY_PRIZES, ids });
    if (rows.length !== ids.length) throw new ApiProblem(409, messages.payoutsChanged);
    await appendAudit(trx, deps.storage, deps.clock, {
      actor: staffId,
      action: 'payouts-exported',
      details: { count: rows.length, statements: rows.map((row) => row.id) },
    });
    const csv = csvText(
      reviewTexts.payoutColumns,
      rows.map((row) => {
        const sent = unsealStatement([deps.statementsKey], row.claim_id, row);
        return [row.reference, sent.name, sent.surName, sent.iban, plainAmount(amountOf(row.prize))];
      }),
    );
    return { csv, fileName: `wyplaty-${warsawDate(nowMs)}.csv` };
  });
}

/** Marks these statements paid (those still payable). Audited. */
export async function payoutPaid(deps: AppDeps, staffId: string, body: Record<string, unknown>) {
  const ids = idsOf(body);
  return deps.storage.db.transaction().execute(async (trx) => {
    const paid = await markPaid(trx, {
      nowIso: isoAt(deps.clock.real()),
      prizes: MONEY_PRIZES,
      ids,
      staffId,
    });
    await appendAudit(trx, deps.storage, deps.clock, {
      actor: staffId,
      action: 'payouts-paid',
      details: { count: paid, statements: ids },
    });
    return { paid };
  });
}
