import type { Kysely } from 'kysely';
import type { Database, StatementTable } from './types';

export type InsertStatementResult = 'stored' | 'duplicate';

interface PendingStatement {
  row: StatementTable;
  resolve(result: InsertStatementResult): void;
  reject(error: unknown): void;
}

const MAX_BATCH = 100;

/**
 * Stores statements with group commit: the statements that arrive while a commit runs (or in the same
 * turn of the event loop) are written together in one transaction, so one fsync makes many of them durable
 * (SQLite runs synchronous=FULL; npm run bench: a commit's fsync was most of a statement's time). Each
 * caller learns only when its own row is committed. The unique claim_id decides between submissions for
 * one claim, also within a batch: exactly one is stored, the others get 'duplicate'.
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
    let results: InsertStatementResult[];
    try {
      results = await this.#db.transaction().execute(async (trx) => {
        const written: InsertStatementResult[] = [];
        for (const { row } of batch) {
          const inserted = await trx
            .insertInto('statements')
            .values(row)
            .onConflict((conflict) => conflict.column('claim_id').doNothing())
            .executeTakeFirst();
          written.push(Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? 'stored' : 'duplicate');
        }
        return written;
      });
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // One failing row must not fail the others: each goes again on its own.
      for (const pending of batch) await this.#write([pending]);
      return;
    }
    batch.forEach((pending, index) => pending.resolve(results[index]!));
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
