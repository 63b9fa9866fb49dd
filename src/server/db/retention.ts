import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { CANCELLED } from './outbox';
import { PURGED } from './statements';
import type { Database, RetentionHoldTable, RetentionReceiptTable, RetentionRunTable } from './types';

// docs/decisions/retention.md: retention's SQL: what each class of records holds, the holds, emptying a record,
// the day's run and its receipts.

type Db = Kysely<Database> | Transaction<Database>;

export type StatementTableName = 'statements' | 'rejected_statements';

/** Complaint states that are not over: such a complaint about a claim holds its records. */
const OPEN_COMPLAINT_STATES = ['open', 'decided'] as const;

/** Every statement, received or rejected, with what its purge day is counted from (purged ones marked). */
export async function retentionStatements(db: Db) {
  const received = await db
    .selectFrom('statements')
    .innerJoin('claims', 'claims.id', 'statements.claim_id')
    .leftJoin('reviews', 'reviews.statement_id', 'statements.id')
    .select([
      'statements.id',
      'statements.claim_id',
      'statements.reference',
      'statements.tier',
      'statements.code',
      'statements.secrets',
      'claims.prize',
      'reviews.state',
      'reviews.final_at',
      'reviews.undo_until',
      'reviews.reviewer_id',
      'reviews.approver_id',
      'reviews.paid_at',
    ])
    .orderBy('statements.created_at')
    .orderBy('statements.id')
    .execute();
  const rejected = await db
    .selectFrom('rejected_statements')
    .select(['id', 'claim_id', 'reference', 'secrets', 'rejected_at'])
    .orderBy('rejected_at')
    .orderBy('id')
    .execute();
  return { received, rejected };
}

/** Claims with an e-mail still kept and no statement: the winner never sent one. */
export async function claimsWithoutStatement(db: Db) {
  return db
    .selectFrom('claims')
    .leftJoin('statements', 'statements.claim_id', 'claims.id')
    .where('statements.id', 'is', null)
    .where('claims.email_sealed', 'is not', null)
    .select(['claims.id', 'claims.created_at'])
    .orderBy('claims.created_at')
    .orderBy('claims.id')
    .execute();
}

/** Complaints whose text is still kept, with what their purge day counts from (docs/decisions/retention.md#complaints). */
export const complaintRows = (db: Db) =>
  db
    .selectFrom('complaints')
    .select(['id', 'reference', 'claim_id', 'state', 'answered_at'])
    .where('secrets', '<>', PURGED)
    .orderBy('received_on')
    .orderBy('id')
    .execute();

export const optoutRows = (db: Db) =>
  db.selectFrom('optouts').select(['hash_digest', 'issued_at', 'resigned_at']).execute();

/** Messages that failed for good and still hold their sealed body (sent and cancelled ones hold none). */
export const failedBodies = (db: Db) =>
  db
    .selectFrom('outbox')
    .select(['id', 'first_failed_at', 'created_at'])
    .where('state', '=', 'failed')
    .where('sealed', 'is not', null)
    .execute();

export const staffSessionRows = (db: Db) =>
  db.selectFrom('staff_sessions').select(['token_digest', 'last_seen_at']).execute();

export const invitationRows = (db: Db) =>
  db.selectFrom('staff_invitations').select(['token_digest', 'expires_at']).execute();

/** The claims with a complaint not yet answered: their records are held. */
export async function claimsWithOpenComplaint(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectFrom('complaints')
    .select('claim_id')
    .where('claim_id', 'is not', null)
    .where('state', 'in', [...OPEN_COMPLAINT_STATES])
    .execute();
  return new Set(rows.map((row) => row.claim_id!));
}

export async function handHolds(db: Db): Promise<RetentionHoldTable[]> {
  return db.selectFrom('retention_holds').selectAll().orderBy('reference').execute();
}

/** The statement's id with this reference (received or rejected), if any. */
export async function statementWithReference(db: Db, reference: string) {
  for (const table of ['statements', 'rejected_statements'] as const) {
    const row = await db
      .selectFrom(table)
      .select(['id', 'claim_id'])
      .where('reference', '=', reference)
      .executeTakeFirst();
    if (row) return row;
  }
  return undefined;
}

/** Sets a hand hold; false when the reference was already held (its first reason stays). */
export async function insertHold(db: Db, row: RetentionHoldTable): Promise<boolean> {
  const result = await db
    .insertInto('retention_holds')
    .values(row)
    .onConflict((conflict) => conflict.column('reference').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function deleteHold(db: Db, reference: string): Promise<boolean> {
  const result = await db.deleteFrom('retention_holds').where('reference', '=', reference).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** A record is held by hand (retention-hold) under this reference. */
const handHoldOn =
  (referenceColumn: 'statements.reference' | 'rejected_statements.reference' | 'complaints.reference') =>
  (eb: ExpressionBuilder<Database, 'retention_holds'>) =>
    eb.exists(
      eb
        .selectFrom('retention_holds')
        .select('retention_holds.reference')
        .whereRef('retention_holds.reference', '=', referenceColumn as never),
    );

/** A record of this claim is held now: a complaint about it not answered yet. */
const complaintOpenOn =
  (claimColumn: 'statements.claim_id' | 'rejected_statements.claim_id' | 'claims.id') =>
  (eb: ExpressionBuilder<Database, 'complaints'>) =>
    eb.exists(
      eb
        .selectFrom('complaints')
        .select('complaints.id')
        .whereRef('complaints.claim_id', '=', claimColumn as never)
        .where('complaints.state', 'in', [...OPEN_COMPLAINT_STATES]),
    );

/**
 * Empties a statement of everything the winner sent (sealed fields, photo), its marks and review notes, and its
 * claim's e-mail and mail bodies, unless it is held at this moment (the caller's transaction): a hand hold on
 * its reference or an open complaint about its claim. The row, its reference, decision and issue stay. True
 * when it was emptied.
 */
export async function emptyStatement(
  trx: Db,
  statement: { table: StatementTableName; id: string; claimId: string; reference: string | null },
): Promise<boolean> {
  const { table, id } = statement;
  const result = await trx
    .updateTable(table)
    .set({ payload: PURGED, secrets: PURGED, image: null })
    .where('id', '=', id)
    .where('secrets', '<>', PURGED)
    .where((eb) =>
      eb.not(
        eb.or([
          handHoldOn(`${table}.reference`)(eb as never),
          complaintOpenOn(`${table}.claim_id`)(eb as never),
        ]),
      ),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  // docs/decisions/review.md#findings: the marks and the review's notes are derived from what the winner sent.
  await trx.deleteFrom('statement_marks').where('statement_id', '=', id).execute();
  await trx
    .updateTable('reviews')
    .set({ note: null, approval_note: null })
    .where('statement_id', '=', id)
    .execute();
  // A rejected statement's claim may have another statement still kept: its e-mail is that one's.
  if (table === 'statements') await forgetClaimMail(trx, statement.claimId);
  return true;
}

/** docs/decisions/mail.md#addresses: a claim done with: its e-mail goes, and so does its mail not gone yet. */
async function forgetClaimMail(trx: Db, claimId: string) {
  await trx.updateTable('claims').set({ email_sealed: null }).where('id', '=', claimId).execute();
  await trx
    .updateTable('outbox')
    .set(CANCELLED)
    .where('state', '=', 'queued')
    .where('claim_id', '=', claimId)
    .execute();
  await trx.updateTable('outbox').set({ sealed: null }).where('claim_id', '=', claimId).execute();
}

/** Forgets the e-mail of a claim that never got a statement, unless a complaint about it is open now. */
export async function emptyClaim(trx: Db, claimId: string): Promise<boolean> {
  const result = await trx
    .updateTable('claims')
    .set({ email_sealed: null })
    .where('id', '=', claimId)
    .where('email_sealed', 'is not', null)
    .where((eb) => eb.not(complaintOpenOn('claims.id')(eb as never)))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('statements')
            .select('statements.id')
            .whereRef('statements.claim_id', '=', 'claims.id'),
        ),
      ),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await forgetClaimMail(trx, claimId);
  return true;
}

/**
 * Empties what a complaint's person wrote (name, address, e-mail, texts: the sealed `secrets`), unless at this
 * moment it is not answered, a hand hold is on a statement of its claim or on the complaint's own reference,
 * or another complaint about its claim is not answered yet (the caller's transaction). The row stays: its reference, dates, decision and answer prove how it was
 * handled (the protocol). True when it was emptied.
 */
export async function emptyComplaint(trx: Db, id: string): Promise<boolean> {
  const heldBy = (table: StatementTableName) => (eb: ExpressionBuilder<Database, 'complaints'>) =>
    eb.exists(
      eb
        .selectFrom(table)
        .innerJoin('retention_holds', 'retention_holds.reference', `${table}.reference`)
        .select(`${table}.id`)
        .whereRef(`${table}.claim_id`, '=', 'complaints.claim_id'),
    );
  const result = await trx
    .updateTable('complaints')
    .set({ secrets: PURGED })
    .where('id', '=', id)
    .where('state', '=', 'answered')
    .where('secrets', '<>', PURGED)
    .where((eb) =>
      eb.not(
        eb.or([
          handHoldOn('complaints.reference')(eb as never),
          heldBy('statements')(eb as never),
          heldBy('rejected_statements')(eb as never),
          // Another complaint about the same claim not answered yet: the claim is still disputed.
          eb.exists(
            eb
              .selectFrom('complaints as other')
              .select('other.id')
              .whereRef('other.claim_id', '=', 'complaints.claim_id')
              .where('other.state', 'in', [...OPEN_COMPLAINT_STATES]),
          ),
        ]),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteOptout(trx: Db, digest: string): Promise<boolean> {
  const result = await trx.deleteFrom('optouts').where('hash_digest', '=', digest).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function emptyFailedBody(trx: Db, id: string): Promise<boolean> {
  const result = await trx
    .updateTable('outbox')
    .set({ sealed: null })
    .where('id', '=', id)
    .where('state', '=', 'failed')
    .where('sealed', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteStaffSession(trx: Db, digest: string): Promise<boolean> {
  const result = await trx.deleteFrom('staff_sessions').where('token_digest', '=', digest).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteInvitation(trx: Db, digest: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('staff_invitations')
    .where('token_digest', '=', digest)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * docs/decisions/retention.md#once-a-day: claims the day for this run; false when another run (another server,
 * or an earlier run) has it. In the caller's transaction: a second insert of the day waits for the first's
 * commit (PostgreSQL) or for its write lock (SQLite), then does nothing.
 */
export async function claimRunDay(trx: Db, row: RetentionRunTable): Promise<boolean> {
  const result = await trx
    .insertInto('retention_runs')
    .values(row)
    .onConflict((conflict) => conflict.column('day').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function runOfDay(db: Db, day: string): Promise<RetentionRunTable | undefined> {
  return db.selectFrom('retention_runs').selectAll().where('day', '=', day).executeTakeFirst();
}

export async function finishRun(trx: Db, day: string, counts: { purged: number; held: number }) {
  await trx.updateTable('retention_runs').set(counts).where('day', '=', day).execute();
}

export async function insertReceipts(trx: Db, rows: readonly RetentionReceiptTable[]) {
  // Many rows at once, in slices well under either database's limit of bound values.
  for (let at = 0; at < rows.length; at += 500)
    await trx
      .insertInto('retention_receipts')
      .values(rows.slice(at, at + 500))
      .onConflict((conflict) => conflict.columns(['class', 'reference']).doNothing())
      .execute();
}
