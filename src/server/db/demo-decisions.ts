import type { Kysely } from 'kysely';
import type { Database, PrizeIssueStepTable, ReviewTable, StatementTable } from './types';

// docs/decisions/retention.md#demo: the demo's few decided statements (src/server/demo/decided.ts), so that a
// newcomer's retention-plan has something to show. Removed with the rest of the demo (winners.ts removeDemo).

/** A statement with its final decision and its prize's issue steps, in one commit. */
export async function insertDecidedStatement(
  db: Kysely<Database>,
  decided: { statement: StatementTable; review: ReviewTable; steps: PrizeIssueStepTable[] },
) {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('statements').values(decided.statement).execute();
    await trx.insertInto('reviews').values(decided.review).execute();
    if (decided.steps.length > 0) await trx.insertInto('prize_issue_steps').values(decided.steps).execute();
  });
}
