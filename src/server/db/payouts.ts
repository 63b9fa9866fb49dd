import type { Kysely, Transaction } from 'kysely';
import { finallyAccepted } from './issues';
import { PURGED } from './statements';
import type { Database } from './types';

// docs/decisions/review.md#payout: the payout clerk's SQL. A money prize is payable once its acceptance is
// final (past the undo window) and until marked paid; a bounced transfer takes the mark back.

type Db = Kysely<Database> | Transaction<Database>;

/** The audit actions the payout page's history shows. */
export const PAYOUT_ACTIONS = ['payouts-exported', 'payouts-paid', 'payout-undone'] as const;

/**
 * Accepted statements of these prizes whose undo window has passed and that are not paid yet (of these ids,
 * when given), oldest decision first, sealed parts included.
 */
export async function payableStatements(
  db: Db,
  query: { nowIso: string; prizes: readonly string[]; ids?: readonly string[] },
) {
  if (query.prizes.length === 0 || query.ids?.length === 0) return [];
  let select = finallyAccepted(db, query.nowIso)
    .where('reviews.paid_at', 'is', null)
    .where('claims.prize', 'in', [...query.prizes])
    .where('statements.secrets', '<>', PURGED)
    .select([
      'statements.id',
      'statements.claim_id',
      'statements.reference',
      'statements.tier',
      'statements.code',
      'statements.secrets',
      'claims.prize',
      'reviews.final_at',
      'reviews.reviewer_id',
      'reviews.approver_id',
    ])
    .orderBy('reviews.final_at')
    .orderBy('statements.id');
  if (query.ids) select = select.where('statements.id', 'in', [...query.ids]);
  return select.execute();
}

/** Marks these payable statements (as `payableStatements` found them) paid at `paidIso` (campaign clock). */
export async function markPaid(db: Db, query: { paidIso: string; ids: readonly string[]; staffId: string }) {
  if (query.ids.length === 0) return;
  await db
    .updateTable('reviews')
    .set({ paid_at: query.paidIso, paid_by: query.staffId })
    .where('statement_id', 'in', [...query.ids])
    .where('paid_at', 'is', null)
    .execute();
}

/** Takes back the paid mark of the money prize with this reference: its id, or undefined if none is paid. */
export async function markUnpaid(db: Db, query: { reference: string; prizes: readonly string[] }) {
  if (query.prizes.length === 0) return undefined;
  const paid = await db
    .selectFrom('reviews')
    .innerJoin('statements', 'statements.id', 'reviews.statement_id')
    .innerJoin('claims', 'claims.id', 'statements.claim_id')
    .where('statements.reference', '=', query.reference)
    .where('reviews.state', '=', 'accepted')
    .where('reviews.paid_at', 'is not', null)
    .where('claims.prize', 'in', [...query.prizes])
    .where('statements.secrets', '<>', PURGED)
    .select('statements.id')
    .executeTakeFirst();
  if (!paid) return undefined;
  const result = await db
    .updateTable('reviews')
    .set({ paid_at: null, paid_by: null })
    .where('statement_id', '=', paid.id)
    .where('paid_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? paid.id : undefined;
}

/** The newest payout entries of the audit trail, with who made them (an e-mail, if the person is kept). */
export async function payoutEntries(db: Db, limit: number) {
  return db
    .selectFrom('audit_log')
    .leftJoin('staff', 'staff.id', 'audit_log.actor')
    .where('audit_log.action', 'in', [...PAYOUT_ACTIONS])
    .select([
      'audit_log.seq',
      'audit_log.at',
      'audit_log.action',
      'audit_log.reason',
      'audit_log.details',
      'staff.email',
    ])
    .orderBy('audit_log.seq', 'desc')
    .limit(limit)
    .execute();
}

/** The reference and prize of these statements (a purged one keeps both). */
export async function statementPrizes(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('statements')
    .innerJoin('claims', 'claims.id', 'statements.claim_id')
    .where('statements.id', 'in', [...ids])
    .select(['statements.id', 'statements.reference', 'claims.prize'])
    .execute();
}
