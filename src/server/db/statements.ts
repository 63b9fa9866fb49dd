import type { Kysely } from 'kysely';
import { queueMail } from './outbox';
import type { Database, OutboxTable, StatementMarkTable, StatementTable } from './types';

export type InsertStatementResult = 'stored' | 'duplicate';

interface PendingStatement {
  row: StatementTable;
  /** Its `received` mail (docs/decisions/mail.md#outbox), queued in the same commit. */
  mail: OutboxTable | undefined;
  /** Its marks (docs/decisions/review.md#findings), stored with it. */
  marks: StatementMarkTable[];
  /** Before the commit: the key that sealed it is still current (statements/period-keys.ts confirmSealers). */
  confirm: ((trx: Kysely<Database>) => Promise<void>) | undefined;
  resolve(result: InsertStatementResult): void;
  reject(error: unknown): void;
}

const MAX_BATCH = 100;
/**
 * How long the statements that come after a commit wait for company before theirs starts: the requests
 * handled meanwhile join it (docs/performance.md#statements-under-load).
 */
const LINGER_MS = 20;

/** A constraint that one row can break alone (SQLite SQLITE_CONSTRAINT_*, PostgreSQL class 23). */
export function isRowError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CONSTRAINT') || code.startsWith('23'));
}

/**
 * Stores statements with group commit: the statements that arrive while a write runs (or in the same turn
 * of the event loop) go into one INSERT, so one commit and one fsync make many of them durable (SQLite runs
 * synchronous=FULL; npm run bench: the commit was most of a statement's time). After a commit the next one
 * waits LINGER_MS for company: SQLite's commit blocks the event loop for its fsync, and a busy server accepts
 * one connection a turn, so without the wait each commit carried about one statement and the disk's fsync
 * time capped the rate; a wait as long as the commit took still spent half the loop's time committing
 * (docs/performance.md#statements-under-load). A lone statement waits for nothing. Each caller is answered
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

  insert(
    row: StatementTable,
    mail?: OutboxTable,
    marks: StatementMarkTable[] = [],
    confirm?: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<InsertStatementResult> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ row, mail, marks, confirm, resolve, reject });
      if (this.#busy) return;
      this.#busy = true;
      // After the requests read in this turn have queued theirs: they go in the same commit.
      setImmediate(() => void this.#drain());
    });
  }

  async #drain() {
    while (this.#queue.length > 0) {
      await this.#write(this.#queue.splice(0, MAX_BATCH));
      await new Promise((resolve) => setTimeout(resolve, LINGER_MS));
    }
    this.#busy = false;
  }

  async #write(batch: PendingStatement[]): Promise<void> {
    let stored: Set<string>;
    try {
      // One transaction, committed once: the statements and their confirmations. The claims' reminders are
      // the dispatcher's to drop (cancelAnswered): off the commit a winner waits for.
      stored = await this.#db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('statements')
          .values(batch.map(({ row }) => row))
          .onConflict((conflict) => conflict.column('claim_id').doNothing())
          .returning(['id', 'claim_id'])
          .execute();
        const ids = new Set(inserted.map(({ id }) => id));
        const stored = batch.filter((pending) => ids.has(pending.row.id));
        await queueMail(
          trx,
          stored.flatMap(({ mail }) => mail ?? []),
        );
        const marks = stored.flatMap((pending) => pending.marks);
        if (marks.length > 0) await trx.insertInto('statement_marks').values(marks).execute();
        for (const pending of stored) await pending.confirm?.(trx);
        return ids;
      });
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

export type StatementState = 'received' | 'rejected';
type StoredTable = 'statements' | 'rejected_statements';
const TABLE_OF: Record<StatementState, StoredTable> = {
  received: 'statements',
  rejected: 'rejected_statements',
};

export type ListedStatement = Omit<StatementTable, 'image' | 'payload' | 'campaign_received_at'> & {
  state: StatementState;
};

/** Every statement not purged, received then rejected ones, without photos (read one at a time: large). */
export async function listStatements(db: Kysely<Database>): Promise<ListedStatement[]> {
  const listed: ListedStatement[] = [];
  for (const state of ['received', 'rejected'] as const) {
    const rows = await db
      .selectFrom(TABLE_OF[state])
      .select(['id', 'claim_id', 'tier', 'code', 'secrets', 'reference', 'created_at'])
      .where('secrets', '<>', PURGED)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    listed.push(...rows.map((row) => ({ ...row, state })));
  }
  return listed;
}

/** One statement's claim and sealed fields, if there is any (not purged). */
export async function anyStatement(db: Kysely<Database>) {
  return db
    .selectFrom('statements')
    .select(['claim_id', 'secrets'])
    .where('secrets', '<>', PURGED)
    .limit(1)
    .executeTakeFirst();
}

export async function statementImage(
  db: Kysely<Database>,
  state: StatementState,
  id: string,
): Promise<string | null> {
  const row = await db.selectFrom(TABLE_OF[state]).select('image').where('id', '=', id).executeTakeFirst();
  return row?.image ?? null;
}

/**
 * docs/decisions/claims.md#claims: the operator rejects the statements of these claims (sent by someone
 * else): each is kept as evidence, marked rejected, and its claim takes a new statement. Returns how many.
 */
export async function rejectStatementsOfClaims(
  db: Kysely<Database>,
  claimIds: string[],
  nowIso: string,
): Promise<number> {
  if (claimIds.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('statements').selectAll().where('claim_id', 'in', claimIds).execute();
    if (rows.length === 0) return 0;
    await trx
      .insertInto('rejected_statements')
      .values(rows.map((row) => ({ ...row, rejected_at: nowIso })))
      .execute();
    // docs/decisions/mail.md#outbox: a claim's current statement's confirmation is number 0; the rejected
    // ones' move up, so the next statement's can be queued.
    // In two steps through negative numbers: n → n + 1 at once would meet the next row's number.
    const received = trx
      .updateTable('outbox')
      .where('claim_id', 'in', claimIds)
      .where('kind', '=', 'received');
    await received.set((eb) => ({ number: eb(eb.neg('number'), '-', 1) })).execute();
    await received.set((eb) => ({ number: eb.neg('number') })).execute();
    await trx.deleteFrom('statements').where('claim_id', 'in', claimIds).execute();
    return rows.length;
  });
}
