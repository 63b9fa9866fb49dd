import type { Kysely, Transaction } from 'kysely';
import type { ClaimTable, Database, DrawWinnerTable, InstantWinnerTable } from './types';

export const WINNERS_VERSION_KEY = 'winners_version';

export interface WinnersImport {
  instant: InstantWinnerTable[];
  draws: DrawWinnerTable[];
  /** One candidate claim per record; stored only when that record has no claim yet (re-import keeps links valid). */
  claims: ClaimTable[];
}

export interface WinnersImportResult {
  /** record_key of every claim created by this import. */
  newClaimKeys: string[];
  /** Records inserted or changed (0 on a repeated import of the same file). */
  changedRecords: number;
}

// SQLite allows 32 766 bound values per statement; 200 rows of at most 7 columns stay far below.
const CHUNK_ROWS = 200;

type RecordTable = 'instant_winners' | 'draw_winners' | 'claims';
type KeyedRow = { record_key: string };

// Kysely cannot type a query over a table chosen at run time; these helpers take only keyed rows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const untyped = (trx: Transaction<Database>) => trx as unknown as Transaction<any>;

async function insertChunked(trx: Transaction<Database>, table: RecordTable, rows: KeyedRow[]) {
  for (let at = 0; at < rows.length; at += CHUNK_ROWS) {
    await untyped(trx)
      .insertInto(table)
      .values(rows.slice(at, at + CHUNK_ROWS))
      .execute();
  }
}

function sameRow<T extends object>(a: T, b: T): boolean {
  return (Object.keys(a) as (keyof T)[]).every((key) => a[key] === b[key]);
}

async function upsertRecords(
  trx: Transaction<Database>,
  table: 'instant_winners' | 'draw_winners',
  rows: KeyedRow[],
): Promise<number> {
  const existing = new Map<string, KeyedRow>();
  for (const row of (await trx.selectFrom(table).selectAll().execute()) as KeyedRow[]) {
    existing.set(row.record_key, row);
  }
  const fresh = rows.filter((row) => !existing.has(row.record_key));
  const changed = rows.filter((row) => {
    const old = existing.get(row.record_key);
    return old !== undefined && !sameRow(row, old);
  });
  await insertChunked(trx, table, fresh);
  for (const row of changed) {
    await untyped(trx).updateTable(table).set(row).where('record_key', '=', row.record_key).execute();
  }
  return fresh.length + changed.length;
}

/** Imports published winners and their claims in one transaction: all or nothing. */
export async function importWinners(db: Kysely<Database>, data: WinnersImport): Promise<WinnersImportResult> {
  return db.transaction().execute(async (trx) => {
    const changedRecords =
      (await upsertRecords(trx, 'instant_winners', data.instant)) +
      (await upsertRecords(trx, 'draw_winners', data.draws));
    const claimed = new Set(
      (await trx.selectFrom('claims').select('record_key').execute()).map((row) => row.record_key),
    );
    const newClaims = data.claims.filter((claim) => !claimed.has(claim.record_key));
    await insertChunked(trx, 'claims', newClaims);
    if (changedRecords > 0) await setMeta(trx, WINNERS_VERSION_KEY, `${Date.now()}-${Math.random()}`);
    return { newClaimKeys: newClaims.map((claim) => claim.record_key), changedRecords };
  });
}

export async function listInstantWinners(db: Kysely<Database>): Promise<InstantWinnerTable[]> {
  return db
    .selectFrom('instant_winners')
    .selectAll()
    .orderBy('date')
    .orderBy('award')
    .orderBy('code')
    .execute();
}

export async function listDrawWinners(db: Kysely<Database>): Promise<DrawWinnerTable[]> {
  return db
    .selectFrom('draw_winners')
    .selectAll()
    .orderBy('draw_name')
    .orderBy('price_rank')
    .orderBy('code')
    .execute();
}

export async function countWinners(db: Kysely<Database>): Promise<number> {
  const [instant, drawn] = await Promise.all([
    db
      .selectFrom('instant_winners')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('draw_winners')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return Number(instant.n) + Number(drawn.n);
}

export async function getMeta(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function setMeta(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
