import { sql, type Kysely, type RawBuilder } from 'kysely';
import { compiledOnce } from './compiled-once';
import type { ClaimTable, Database } from './types';

/** A claim, whether its statement arrived, and whether its prize passed to a reserve winner. */
export type ClaimRow = ClaimTable & { has_statement: boolean; passed_on: boolean };

/**
 * A claim's statement and draw record as scalar subqueries (each is at most one row: statements.claim_id and
 * draw_winners.record_key are unique), not joins: SQLite prepares a join with a bound parameter anew at every
 * run, cached statement or not (npm run bench: 4 % of a statement's CPU went to preparing this query again).
 */
function withStatementFlag(db: Kysely<Database>) {
  return db
    .selectFrom('claims')
    .selectAll('claims')
    .select((eb) => [
      eb
        .selectFrom('statements')
        .select('statements.id')
        .whereRef('statements.claim_id', '=', 'claims.id')
        .as('statement_id'),
      eb
        .selectFrom('draw_winners')
        .select('draw_winners.passed_to')
        .whereRef('draw_winners.record_key', '=', 'claims.record_key')
        .as('passed_to'),
    ]);
}

function toClaimRow({
  statement_id,
  passed_to,
  ...claim
}: ClaimTable & { statement_id: string | null; passed_to?: string | null }): ClaimRow {
  return { ...claim, has_statement: statement_id !== null, passed_on: passed_to != null };
}

const claimOfHash = compiledOnce(1, (db, digest: string) =>
  withStatementFlag(db).where('claims.hash_digest', '=', digest),
);

export async function findClaimByHashDigest(
  db: Kysely<Database>,
  digest: string,
): Promise<ClaimRow | undefined> {
  const [row] = await claimOfHash(db, digest);
  return row && toClaimRow(row);
}

const claimsOfCode = compiledOnce(2, (db, code: string, tier: string) =>
  withStatementFlag(db).where('claims.code', '=', code).where('claims.tier', '=', tier),
);

/** Claims of one code in one tier (usually one; a code may win the same tier twice, e.g. instantly and in Draw8). */
export async function findClaimsByCode(
  db: Kysely<Database>,
  code: string,
  tier: string,
): Promise<ClaimRow[]> {
  const rows = await claimsOfCode(db, code, tier);
  // Sorted here, not by ORDER BY: SQLite prepares a query that sorts what an index found with a bound
  // parameter anew at every run (as a join, above). Both are ASCII texts of one format (ISO instants,
  // UUIDs), which every collation orders as their code units do.
  return rows.map(toClaimRow).sort(byIssue);
}

const byIssue = (a: ClaimTable, b: ClaimTable) =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** Replaces a claim's link hash (the old link stops working). Returns false for an unknown claim. */
export async function replaceClaimHash(
  db: Kysely<Database>,
  claimId: string,
  digest: string,
): Promise<boolean> {
  const result = await db
    .updateTable('claims')
    .set({ hash_digest: digest })
    .where('id', '=', claimId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

const countWhere = (condition: RawBuilder<unknown>) =>
  sql<string | number>`sum(case when ${condition} then 1 else 0 end)`;

/**
 * docs/decisions/review.md#figures: per tier, the claims as prizes. A claim whose prize passed to a reserve
 * entry (the entry's `promoted_from`) is `passedOn`, and the reserve's own claim is the prize; of the
 * prizes, those without a statement wait, and are overdue when their link was issued before
 * `overdueBeforeIso` (deadline.ts overdueIssuedBefore); `unmailed`: waiting ones no mail reaches (no e-mail
 * in the winners file).
 */
export async function prizeCounts(db: Kysely<Database>, overdueBeforeIso: string) {
  const waiting = sql`passed.record_key is null and statements.id is null`;
  const rows = await db
    .selectFrom('claims')
    .leftJoin('statements', 'statements.claim_id', 'claims.id')
    .leftJoin('reserve_entries as passed', 'passed.promoted_from', 'claims.id')
    .select([
      'claims.tier',
      countWhere(sql`passed.record_key is null`).as('prizes'),
      countWhere(sql`passed.record_key is not null`).as('passed_on'),
      countWhere(waiting).as('waiting'),
      countWhere(sql`${waiting} and claims.created_at < ${overdueBeforeIso}`).as('overdue'),
      countWhere(sql`${waiting} and claims.email_sealed is null`).as('unmailed'),
    ])
    .groupBy('claims.tier')
    .execute();
  return rows.map((row) => ({
    tier: row.tier,
    prizes: Number(row.prizes),
    passedOn: Number(row.passed_on),
    waiting: Number(row.waiting),
    overdue: Number(row.overdue),
    unmailed: Number(row.unmailed),
  }));
}

/** Per tier, the statements the operator rejected with reopen-claim (sent by someone else; kept as evidence). */
export async function reopenedCounts(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('rejected_statements')
    .select(['tier', (eb) => eb.fn.countAll<string | number>().as('n')])
    .groupBy('tier')
    .execute();
  return rows.map((row) => ({ tier: row.tier, count: Number(row.n) }));
}
