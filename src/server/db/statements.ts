import type { Kysely } from 'kysely';
import type { Database, StatementTable } from './types';

export type InsertStatementResult = 'stored' | 'duplicate';

interface PendingStatement {
  row: StatementTable;
  resolve(result: InsertStatementResult): void;
  reject(error: unknown): void;
}

const MAX_BATCH = 100;

/** A constraint that one row can break alone (SQLite SQLITE_CONSTRAINT_*, PostgreSQL class 23). */
function isRowError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CONSTRAINT') || code.startsWith('23'));
}

/**
 * Stores statements with group commit: the statements that arrive while a write runs (or in the same turn
 * of the event loop) go into one INSERT, so one commit and one fsync make many of them durable (SQLite runs
 * synchronous=FULL; npm run bench: the commit was most of a statement's time). Each caller is answered
 * only once its own row is committed. The unique claim_id decides between submissions for one claim, also
 * within one INSERT: exactly one is stored, the others get 'duplicate'.
 */
export class StatementWriter {
  readonly #db: Kysely<Database>;
  readonly #queue: PendingStatement[] = [];
  #busy = false;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  insert(row: StatementTable): Promise<InsertStatementResult> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ row, resolve, reject });
      if (this.#busy) return;
      this.#busy = true;
      // After the requests read in this turn have queued theirs: they go in the same commit.
      setImmediate(() => void this.#drain());
    });
  }

  async #drain() {
    while (this.#queue.length > 0) await this.#write(this.#queue.splice(0, MAX_BATCH));
    this.#busy = false;
  }

  async #write(batch: PendingStatement[]): Promise<void> {
    let stored: Set<string>;
    try {
      // One statement: atomic by itself, committed once.
      const inserted = await this.#db
        .insertInto('statements')
        .values(batch.map(({ row }) => row))
        .onConflict((conflict) => conflict.column('claim_id').doNothing())
        .returning('id')
        .execute();
      stored = new Set(inserted.map(({ id }) => id));
    } catch (error) {
      // A row that breaks a constraint alone must not fail the others: each goes again on its own. Any
      // other failure (the database down, a lock not granted) is every row's answer at once.
      if (batch.length > 1 && isRowError(error)) {
        for (const pending of batch) await this.#write([pending]);
      } else batch.forEach((pending) => pending.reject(error));
      return;
    }
    for (const { row, resolve } of batch) resolve(stored.has(row.id) ? 'stored' : 'duplicate');
  }
}

/** What a purged statement keeps of its payload and sealed fields. */
export const PURGED = '';

/** Every statement not purged, without its photo (photos are read one at a time: they can be large). */
export async function listStatements(db: Kysely<Database>): Promise<Array<Omit<StatementTable, 'image'>>> {
  return db
    .selectFrom('statements')
    .select(['id', 'claim_id', 'tier', 'code', 'payload', 'secrets', 'created_at'])
    .where('secrets', '<>', PURGED)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function statementImage(db: Kysely<Database>, id: string): Promise<string | null> {
  const row = await db.selectFrom('statements').select('image').where('id', '=', id).executeTakeFirst();
  return row?.image ?? null;
}

/**
 * Retention (spec §9): empties the statements stored before `beforeIso` of everything the winner sent
 * (payload, sealed fields, photo). The row stays as a marker, so its claim stays answered and takes no
 * second statement, even after the same winners file is imported again. Returns how many were emptied.
 */
export async function purgeStatementsBefore(db: Kysely<Database>, beforeIso: string): Promise<number> {
  const result = await db
    .updateTable('statements')
    .set({ payload: PURGED, secrets: PURGED, image: null })
    .where('created_at', '<', beforeIso)
    .where('secrets', '<>', PURGED)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Removes the statements of the given claims (the operator reopens them); returns how many. */
export async function deleteStatementsOfClaims(db: Kysely<Database>, claimIds: string[]): Promise<number> {
  if (claimIds.length === 0) return 0;
  const result = await db.deleteFrom('statements').where('claim_id', 'in', claimIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}
