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
