import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { TestApp } from './app';

// The rows the retention tests (retention.test.ts, keys.test.ts) write and read straight in the tables: a
// review's final decision, as retention reads it (state, tier, payout), and a statement's sealed fields.

/** A final decision of 20 Aug 2025 on a statement: accepted (paid at `paidAt`, if given) or rejected. */
export const insertFinalReview = (
  t: TestApp,
  statement: { id: string; tier: string },
  state: 'accepted' | 'rejected',
  paidAt: string | null = null,
) =>
  t.storage.db
    .insertInto('reviews')
    .values({
      statement_id: statement.id,
      claim_id: '',
      tier: statement.tier,
      state,
      reviewer_id: 'r',
      taken_at: '2025-08-01T08:00:00.000Z',
      final_at: '2025-08-20T08:00:00.000Z',
      undo_until: '2025-08-20T09:00:00.000Z',
      paid_at: paidAt,
    } as never)
    .execute();

/** A statement's sealed fields as stored (emptied by a purge). */
export const storedSecrets = async (t: TestApp, statementId: string) =>
  (
    await t.storage.db
      .selectFrom('statements')
      .select('secrets')
      .where('id', '=', statementId)
      .executeTakeFirstOrThrow()
  ).secrets;

/** A statement's rows where erasure looks (its own, its claim's, its review's, its marks), by id or code. */
export async function statementRows(db: Kysely<Database>, by: { id: string } | { code: string }) {
  const statements = db.selectFrom('statements').selectAll();
  const statement = await (
    'id' in by ? statements.where('id', '=', by.id) : statements.where('code', '=', by.code)
  ).executeTakeFirstOrThrow();
  const claim = await db
    .selectFrom('claims')
    .selectAll()
    .where('id', '=', statement.claim_id)
    .executeTakeFirstOrThrow();
  const review = await db
    .selectFrom('reviews')
    .selectAll()
    .where('statement_id', '=', statement.id)
    .executeTakeFirst();
  const marks = await db
    .selectFrom('statement_marks')
    .selectAll()
    .where('statement_id', '=', statement.id)
    .execute();
  return { statement, claim, review, marks };
}
