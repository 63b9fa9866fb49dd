import type { Kysely } from 'kysely';
import type { Database, OptoutTable } from './types';

export async function insertOptout(db: Kysely<Database>, row: OptoutTable): Promise<void> {
  await db.insertInto('optouts').values(row).execute();
}

/** Records the resignation for a known hash; repeating it keeps the first time. False for an unknown hash. */
export async function resignOptout(db: Kysely<Database>, digest: string, at: string): Promise<boolean> {
  const row = await db
    .selectFrom('optouts')
    .select('resigned_at')
    .where('hash_digest', '=', digest)
    .executeTakeFirst();
  if (!row) return false;
  if (row.resigned_at === null) {
    await db
      .updateTable('optouts')
      .set({ resigned_at: at })
      .where('hash_digest', '=', digest)
      .where('resigned_at', 'is', null)
      .execute();
  }
  return true;
}

export async function listOptouts(db: Kysely<Database>): Promise<OptoutTable[]> {
  return db.selectFrom('optouts').selectAll().orderBy('issued_at').orderBy('email').execute();
}
