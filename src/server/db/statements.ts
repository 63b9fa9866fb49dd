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

/** Every statement without its photo (photos are read one at a time: together they can be large). */
export async function listStatements(db: Kysely<Database>): Promise<Array<Omit<StatementTable, 'image'>>> {
  return db
    .selectFrom('statements')
    .select(['id', 'claim_id', 'tier', 'code', 'payload', 'secrets', 'created_at'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function statementImage(db: Kysely<Database>, id: string): Promise<string | null> {
  const row = await db.selectFrom('statements').select('image').where('id', '=', id).executeTakeFirst();
  return row?.image ?? null;
}

/**
 * Retention (spec §9): removes statements stored before `beforeIso`, and their claims with them, so a
 * purged claim cannot take a second statement. Returns how many statements went.
 */
export async function purgeStatementsBefore(db: Kysely<Database>, beforeIso: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const purged = trx.selectFrom('statements').select('claim_id').where('created_at', '<', beforeIso);
    const claimIds = (await purged.execute()).map((row) => row.claim_id);
    for (let start = 0; start < claimIds.length; start += 500) {
      const chunk = claimIds.slice(start, start + 500);
      await trx.deleteFrom('statements').where('claim_id', 'in', chunk).execute();
      await trx.deleteFrom('claims').where('id', 'in', chunk).execute();
    }
    return claimIds.length;
  });
}

/** Removes the statements of the given claims (the operator reopens them); returns how many. */
export async function deleteStatementsOfClaims(db: Kysely<Database>, claimIds: string[]): Promise<number> {
  if (claimIds.length === 0) return 0;
  const result = await db.deleteFrom('statements').where('claim_id', 'in', claimIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}
