import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database, SealKeyTable } from './types';

// docs/decisions/storage.md#bounded-keys: the SQL of the bounded families' keys (statements/period-keys.ts).

type Db = Kysely<Database>;
type State = SealKeyTable['state'];

/** The family's keys in a state, by id. */
export async function sealKeysIn(db: Db, family: string, state: State): Promise<string[]> {
  const rows = await db
    .selectFrom('seal_keys')
    .select('id')
    .where('family', '=', family)
    .where('state', '=', state)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The families that have a key in a state. */
export async function familiesWith(db: Db, state: State): Promise<string[]> {
  const rows = await db
    .selectFrom('seal_keys')
    .select('family')
    .distinct()
    .where('state', '=', state)
    .execute();
  return rows.map((row) => row.family);
}

export async function addSealKey(db: Db, row: SealKeyTable): Promise<void> {
  await db
    .insertInto('seal_keys')
    .values(row)
    .onConflict((conflict) => conflict.columns(['family', 'id']).doNothing())
    .execute();
}

/**
 * In a retention run's transaction, when it empties something: from its commit on, no key that sealed before
 * it seals anything new (each family gets a new one on first use); returns how many were retired.
 */
export async function retireAllCurrent(trx: Db, at: string): Promise<number> {
  const rows = await trx
    .updateTable('seal_keys')
    .set({ state: 'retired', changed_at: at })
    .where('state', '=', 'current')
    .returning('id')
    .execute();
  return rows.length;
}

export async function markDestroyed(db: Db, family: string, id: string, at: string): Promise<void> {
  await db
    .updateTable('seal_keys')
    .set({ state: 'destroyed', changed_at: at })
    .where('family', '=', family)
    .where('id', '=', id)
    .execute();
}

/**
 * Whether the key still seals, read in the transaction that stores what it sealed. On PostgreSQL the row is
 * held (FOR SHARE) until that transaction ends, so a retirement (retireCurrent) waits for it, and whatever it
 * stored is there when the retired key's values are sealed anew; on SQLite every writing transaction holds
 * the database's one write lock already (db/index.ts).
 */
export async function sealKeyIsCurrent(trx: Db, family: string, id: string): Promise<boolean> {
  let query = trx.selectFrom('seal_keys').select('state').where('family', '=', family).where('id', '=', id);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forShare();
  return (await query.executeTakeFirst())?.state === 'current';
}
