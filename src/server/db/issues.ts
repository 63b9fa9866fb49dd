import type { Kysely, Transaction } from 'kysely';
import type { Database, PrizeIssueStepTable, PrizeRegisterTable } from './types';

// docs/decisions/prize-issue.md: the prize issue's SQL. An accepted prize is one whose statement's acceptance
// is final (its undo window passed, as for payouts); its issue is its payout (money) or its steps (goods, car).

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Accepted statements whose acceptance is final (its undo window passed, as of the real clock's `nowIso`), with
 * their claim: the payouts' and the issue's prizes alike.
 */
export function finallyAccepted(db: Db, nowIso: string) {
  return db
    .selectFrom('reviews')
    .innerJoin('statements', 'statements.id', 'reviews.statement_id')
    .innerJoin('claims', 'claims.id', 'statements.claim_id')
    .where('reviews.state', '=', 'accepted')
    .where('reviews.undo_until', '<=', nowIso);
}

/** The accepted prizes (of these statements, when given), oldest acceptance first. */
export async function acceptedPrizes(db: Db, query: { nowIso: string; ids?: readonly string[] }) {
  if (query.ids?.length === 0) return [];
  let select = finallyAccepted(db, query.nowIso)
    .select([
      'statements.id',
      'statements.claim_id',
      'statements.reference',
      'statements.tier',
      'statements.code',
      'claims.prize',
      'reviews.final_at',
      'reviews.reviewer_id',
      'reviews.approver_id',
      'reviews.paid_at',
    ])
    .orderBy('reviews.final_at')
    .orderBy('statements.id');
  if (query.ids) select = select.where('statements.id', 'in', [...query.ids]);
  return select.execute();
}

export type AcceptedPrize = Awaited<ReturnType<typeof acceptedPrizes>>[number];

/** The statement with this reference, if any (whatever its review). */
export async function statementIdByReference(db: Db, reference: string) {
  const row = await db
    .selectFrom('statements')
    .where('reference', '=', reference)
    .select('id')
    .executeTakeFirst();
  return row?.id;
}

/** The statement of this claim, if any. */
export async function statementIdOfClaim(db: Db, claimId: string) {
  const row = await db
    .selectFrom('statements')
    .where('claim_id', '=', claimId)
    .select('id')
    .executeTakeFirst();
  return row?.id;
}

/** The steps of these statements' prizes (every one when not given), in the order they were recorded. */
export async function issueSteps(db: Db, ids?: readonly string[]): Promise<PrizeIssueStepTable[]> {
  if (ids?.length === 0) return [];
  let select = db.selectFrom('prize_issue_steps').selectAll();
  if (ids) select = select.where('statement_id', 'in', [...ids]);
  return select.orderBy('statement_id').orderBy('parcel').orderBy('recorded_at').orderBy('id').execute();
}

/** Records a step once: false when the prize's parcel already has it (an import read twice). */
export async function insertStep(db: Db, row: PrizeIssueStepTable): Promise<boolean> {
  const result = await db
    .insertInto('prize_issue_steps')
    .values(row)
    .onConflict((conflict) => conflict.columns(['statement_id', 'parcel', 'step']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** What a winner's mail and the register need of a statement: its sealed parts and its claim's address. */
export async function sealedStatement(db: Db, id: string) {
  return db
    .selectFrom('statements')
    .innerJoin('claims', 'claims.id', 'statements.claim_id')
    .where('statements.id', '=', id)
    .select([
      'statements.id',
      'statements.claim_id',
      'statements.reference',
      'statements.payload',
      'statements.secrets',
      'claims.record_key',
      'claims.email_sealed',
      'claims.created_at',
    ])
    .executeTakeFirstOrThrow();
}

/** The register's entries so far, in their order. */
export async function registerEntries(db: Db): Promise<PrizeRegisterTable[]> {
  return db.selectFrom('prize_register').selectAll().orderBy('number').execute();
}

export async function appendRegisterEntries(db: Db, rows: readonly PrizeRegisterTable[]) {
  if (rows.length > 0)
    await db
      .insertInto('prize_register')
      .values([...rows])
      .execute();
}
