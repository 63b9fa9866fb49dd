import type { Kysely } from 'kysely';
import type { Database, StatementTable } from './types';

export type InsertStatementResult = 'stored' | 'duplicate';

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  // PostgreSQL unique_violation; better-sqlite3 reports SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY.
  return (
    code === '23505' || (typeof code === 'string' && /^SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)$/.test(code))
  );
}

/**
 * Stores a statement in one transaction. The unique claim_id makes the database the judge between
 * concurrent submissions for one claim: exactly one is stored, the others get 'duplicate'.
 */
export async function insertStatement(
  db: Kysely<Database>,
  row: StatementTable,
): Promise<InsertStatementResult> {
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('statements').values(row).execute();
    });
    return 'stored';
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}

export async function listStatements(db: Kysely<Database>): Promise<StatementTable[]> {
  return db.selectFrom('statements').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function countStatements(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('statements')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Retention (spec §9): removes statements stored before `beforeIso`; returns how many. */
export async function purgeStatementsBefore(db: Kysely<Database>, beforeIso: string): Promise<number> {
  const result = await db.deleteFrom('statements').where('created_at', '<', beforeIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes the statements of the given claims (the operator reopens them); returns how many. */
export async function deleteStatementsOfClaims(db: Kysely<Database>, claimIds: string[]): Promise<number> {
  if (claimIds.length === 0) return 0;
  const result = await db.deleteFrom('statements').where('claim_id', 'in', claimIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}
