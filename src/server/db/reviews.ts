import { sql, type Kysely, type Transaction } from 'kysely';
import { PURGED } from './statements';
import type { Database, ReviewState, ReviewTable, StatementMarkTable } from './types';

// docs/decisions/review.md#states: the review of statements' SQL. A statement without a `reviews` row is
// `received`; a reviewer takes it by inserting that row (the primary key lets only one do so).

type Db = Kysely<Database> | Transaction<Database>;

/** Where a statement stands in review, in the order the panel lists them. */
export const QUEUE_STATES = ['received', 'in-review', 'awaiting-approval', 'accepted', 'rejected'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

const stateOf = sql<QueueState>`coalesce(reviews.state, 'received')`;

/** Statements (not purged) with their claim and review, for the queue and for one statement. */
function statementsWithReview(db: Db) {
  return db
    .selectFrom('statements')
    .innerJoin('claims', 'claims.id', 'statements.claim_id')
    .leftJoin('reviews', 'reviews.statement_id', 'statements.id')
    .where('statements.secrets', '<>', PURGED);
}

/** Per tier and state, how many statements there are. */
export async function stateCounts(db: Db) {
  const rows = await db
    .selectFrom('statements')
    .leftJoin('reviews', 'reviews.statement_id', 'statements.id')
    .where('statements.secrets', '<>', PURGED)
    .select(['statements.tier', stateOf.as('state'), (eb) => eb.fn.countAll<string | number>().as('n')])
    .groupBy(['statements.tier', stateOf])
    .execute();
  return rows.map((row) => ({ tier: row.tier, state: row.state, count: Number(row.n) }));
}

function expiredClaims(db: Db, issuedBeforeIso: string) {
  return db
    .selectFrom('claims')
    .leftJoin('statements', 'statements.claim_id', 'claims.id')
    .where('statements.id', 'is', null)
    .where('claims.created_at', '<', issuedBeforeIso);
}

export interface QueueQuery {
  /** Every tier's statements when undefined. */
  tier: string | undefined;
  states: readonly QueueState[];
  limit: number;
  offset: number;
}

/** One page of a tier's statements in these states, oldest deadline (link issued) first. */
export async function queuePage(db: Db, query: QueueQuery) {
  let base = statementsWithReview(db).where(stateOf, 'in', [...query.states]);
  if (query.tier !== undefined) base = base.where('statements.tier', '=', query.tier);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('staff', 'staff.id', 'reviews.reviewer_id')
      .select([
        'statements.id',
        'statements.reference',
        'statements.code',
        'statements.created_at',
        'statements.campaign_received_at',
        'statements.tier',
        'claims.id as claim_id',
        'claims.created_at as issued_at',
        stateOf.as('state'),
        'reviews.reviewer_id',
        'reviews.taken_at',
        'reviews.approval',
        'staff.email as reviewer_email',
        'reviews.final_at',
        'reviews.undo_until',
      ])
      .orderBy('claims.created_at')
      .orderBy('statements.created_at')
      .orderBy('statements.id')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** One page of a tier's (or every tier's, when undefined) expired claims, oldest first. */
export async function expiredPage(
  db: Db,
  tier: string | undefined,
  issuedBeforeIso: string,
  limit: number,
  offset: number,
) {
  let base = expiredClaims(db, issuedBeforeIso);
  if (tier !== undefined) base = base.where('claims.tier', '=', tier);
  const [rows, total] = await Promise.all([
    base
      .select(['claims.id', 'claims.tier', 'claims.code', 'claims.created_at'])
      .orderBy('claims.created_at')
      .orderBy('claims.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The oldest statement nobody took yet (of a tier, or of any), oldest deadline first. */
export async function oldestUntaken(db: Db, tier: string | undefined) {
  let query = statementsWithReview(db)
    .where('reviews.statement_id', 'is', null)
    .select(['statements.id', 'statements.claim_id', 'statements.tier']);
  if (tier !== undefined) query = query.where('statements.tier', '=', tier);
  return query
    .orderBy('claims.created_at')
    .orderBy('statements.created_at')
    .orderBy('statements.id')
    .limit(1)
    .executeTakeFirst();
}

/** Takes a statement for a reviewer; false when someone else took it first. */
export async function insertReview(db: Db, row: ReviewTable): Promise<boolean> {
  const inserted = await db
    .insertInto('reviews')
    .values(row)
    .onConflict((conflict) => conflict.column('statement_id').doNothing())
    .returning('statement_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

const REVIEW_COLUMNS = [
  'reviews.reviewer_id',
  'reviews.taken_at',
  'reviews.outcome',
  'reviews.reason',
  'reviews.note',
  'reviews.decided_at',
  'reviews.approver_id',
  'reviews.approval',
  'reviews.approval_note',
  'reviews.approved_at',
  'reviews.final_by',
  'reviews.final_at',
  'reviews.undo_until',
  'reviews.verdict_mail',
  'reviews.paid_at',
  'reviews.paid_by',
] as const;

/** A statement with its claim and review, sealed parts included (the caller opens them). */
export async function statementForReview(db: Db, id: string) {
  const row = await statementsWithReview(db)
    .leftJoin('draw_winners', 'draw_winners.record_key', 'claims.record_key')
    .where('statements.id', '=', id)
    .select([
      ...REVIEW_COLUMNS,
      'statements.id',
      'statements.claim_id',
      'statements.tier',
      'statements.code',
      'statements.reference',
      'statements.secrets',
      'statements.created_at',
      'statements.campaign_received_at',
      sql<number | boolean>`statements.image is not null`.as('has_image'),
      'claims.record_key',
      'claims.prize',
      'claims.email_sealed',
      'claims.created_at as issued_at',
      // The winners file's name for a draw prize (a promoted reserve's too); instant prizes have none.
      'draw_winners.name as drawn_name',
      stateOf.as('state'),
    ])
    .executeTakeFirst();
  // SQLite answers a comparison with 0 or 1.
  return row && { ...row, has_image: Boolean(row.has_image) };
}

/** The review of a claim's current statement, if it was taken (the statement page's status). */
export async function reviewOfClaim(db: Db, claimId: string) {
  return db
    .selectFrom('statements')
    .innerJoin('reviews', 'reviews.statement_id', 'statements.id')
    .where('statements.claim_id', '=', claimId)
    .select(['reviews.state', 'reviews.reason', 'reviews.undo_until', 'statements.reference'])
    .executeTakeFirst();
}

/**
 * Changes a review only from the state (and holder) the caller saw: returns false when another person or
 * request changed it first.
 */
export async function updateReview(
  db: Db,
  statementId: string,
  from: { state: ReviewState; reviewerId?: string; finalBy?: string },
  changes: Partial<ReviewTable>,
): Promise<boolean> {
  let query = db
    .updateTable('reviews')
    .set(changes)
    .where('statement_id', '=', statementId)
    .where('state', '=', from.state);
  if (from.reviewerId !== undefined) query = query.where('reviewer_id', '=', from.reviewerId);
  if (from.finalBy !== undefined) query = query.where('final_by', '=', from.finalBy);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * docs/decisions/review.md#release: puts a held statement back in the queue (`received`: no review row), only
 * if it is still in review by the holder the caller saw; false when it changed first.
 */
export async function releaseReview(db: Db, statementId: string, reviewerId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('reviews')
    .where('statement_id', '=', statementId)
    .where('state', '=', 'in-review')
    .where('reviewer_id', '=', reviewerId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The statements a person holds in review, with any send-back (revoking them hands these back). */
export function heldStatements(db: Db, reviewerId: string) {
  return db
    .selectFrom('reviews')
    .select(['statement_id', 'approval'])
    .where('state', '=', 'in-review')
    .where('reviewer_id', '=', reviewerId)
    .execute();
}

/**
 * docs/decisions/review.md#release: the release's audit details, whose holder it was and whether the
 * approver had sent it back (the note itself goes with the review row).
 */
export const releaseDetails = (reviewerId: string, row: { approval: string | null }) => ({
  reviewer: reviewerId,
  ...(row.approval === 'send-back' ? { sentBack: true } : {}),
});

/**
 * Cancels a verdict mail nobody has started to send (docs/decisions/review.md#undo-window): false when a
 * dispatcher holds it or it is gone.
 */
export async function withdrawVerdictMail(db: Db, outboxId: string): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ state: 'cancelled', sealed: null })
    .where('id', '=', outboxId)
    .where('state', '=', 'queued')
    .where('attempts', '=', 0)
    .where('lease_until', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** docs/decisions/review.md#findings: a statement's marks, replacing any it had. */
export async function replaceMarks(db: Db, statementId: string, marks: StatementMarkTable[]) {
  // Two processes may make a statement's marks anew at once (a retention run and a start): the last one stands.
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('statement_marks')
      .where('statement_id', '=', statementId)
      .where(
        'kind',
        'not in',
        marks.map((mark) => mark.kind),
      )
      .execute();
    if (marks.length > 0)
      await trx
        .insertInto('statement_marks')
        .values(marks)
        .onConflict((conflict) =>
          conflict.columns(['statement_id', 'kind']).doUpdateSet((eb) => ({
            claim_id: eb.ref('excluded.claim_id'),
            digest: eb.ref('excluded.digest'),
            key_id: eb.ref('excluded.key_id'),
          })),
        )
        .execute();
  });
}

/** Statements (not purged) without marks made with this key: new since marks exist, or after a rotation. */
export async function statementsWithoutMarks(db: Db, keyId: string) {
  return db
    .selectFrom('statements')
    .select(['id', 'claim_id', 'secrets'])
    .where('secrets', '<>', PURGED)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('statement_marks')
            .select('statement_marks.statement_id')
            .whereRef('statement_marks.statement_id', '=', 'statements.id')
            .where('statement_marks.key_id', '=', keyId),
        ),
      ),
    )
    .execute();
}

/** Other claims' statements that carry one of these marks. */
export async function sameMarks(db: Db, claimId: string, marks: readonly { kind: string; digest: string }[]) {
  const real = marks.filter((mark) => mark.kind !== 'none');
  if (real.length === 0) return [];
  return db
    .selectFrom('statement_marks')
    .innerJoin('statements', 'statements.id', 'statement_marks.statement_id')
    .where('statement_marks.claim_id', '<>', claimId)
    .where(
      'statement_marks.digest',
      'in',
      real.map((mark) => mark.digest),
    )
    .select(['statement_marks.kind', 'statements.reference', 'statements.tier', 'statements.id'])
    .orderBy('statements.created_at')
    .execute();
}

export async function marksOf(db: Db, statementId: string) {
  return db
    .selectFrom('statement_marks')
    .select(['kind', 'digest'])
    .where('statement_id', '=', statementId)
    .execute();
}

/** How many marks were made with one of these keys (docs/decisions/storage.md#bounded-keys: still needed?). */
export async function marksKeyedWith(db: Db, keyIds: readonly string[]): Promise<number> {
  if (keyIds.length === 0) return 0;
  const row = await db
    .selectFrom('statement_marks')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('key_id', 'in', keyIds)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Deletes the marks of statements no longer received, or emptied (one the operator rejected moves to
 * rejected_statements): the review compares received statements only, and such a mark would keep its key.
 */
export async function deleteStrayMarks(db: Db): Promise<void> {
  await db
    .deleteFrom('statement_marks')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('statements')
            .select('statements.id')
            .whereRef('statements.id', '=', 'statement_marks.statement_id')
            .where('statements.secrets', '<>', PURGED),
        ),
      ),
    )
    .execute();
}
