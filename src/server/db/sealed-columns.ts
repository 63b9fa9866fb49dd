import type { Kysely } from 'kysely';
import type { Database } from './types';

// docs/decisions/storage.md#statements-key: the SQL of the reseal after a key rotation, for any table of the
// registry of sealed columns (src/server/statements/sealed-columns.ts). Table and column names come from that
// registry only, never from outside.

/** Where a table's sealed values are, as the reseal reads and writes them. */
export interface SealedColumnsPlace {
  table: keyof Database;
  /** The column that names a row. */
  key: string;
  /** The sealed columns (null: nothing sealed). */
  columns: readonly string[];
  /** A value of a sealed column that holds nothing (a purged statement's ''): not resealed. */
  empty?: string;
  /** A column that kept fields in the clear before everything was sealed: a row whose column is not `empty`. */
  openColumn?: string;
}

// The registry's names are the checked columns of `Database`; Kysely's types cannot follow a name chosen at
// run time, so this module reads the tables untyped.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const untyped = (db: Kysely<Database>) => db as unknown as Kysely<any>;

/**
 * The keys of the rows with a sealed value that matches none of `kept` (LIKE patterns: what the current key
 * sealed, what a year's key sealed), or open fields.
 */
export async function rowsToReseal(
  db: Kysely<Database>,
  place: SealedColumnsPlace,
  kept: readonly string[],
): Promise<string[]> {
  const rows = await untyped(db)
    .selectFrom(place.table)
    .select(place.key)
    .where((eb) =>
      eb.or([
        ...place.columns.map((column) =>
          eb.and([
            eb(column, 'is not', null),
            ...(place.empty === undefined ? [] : [eb(column, '<>', place.empty)]),
            ...kept.map((pattern) => eb(column, 'not like', pattern)),
          ]),
        ),
        ...(place.openColumn ? [eb(place.openColumn, '<>', place.empty ?? '')] : []),
      ]),
    )
    .execute();
  return rows.map((row) => String(row[place.key]));
}

/** One row, whole: its sealed values and what their contexts are made of. Read one at a time (photos). */
export async function sealedRow(
  db: Kysely<Database>,
  place: SealedColumnsPlace,
  key: string,
): Promise<Record<string, unknown> | undefined> {
  return untyped(db).selectFrom(place.table).selectAll().where(place.key, '=', key).executeTakeFirst();
}

/**
 * Writes a row's resealed values, each only where the column still holds the value resealed: one changed
 * meanwhile (a message sent, a link renewed) is the newer, and is left.
 */
export async function writeResealed(
  db: Kysely<Database>,
  place: SealedColumnsPlace,
  key: string,
  values: ReadonlyArray<{ column: string; was: string; now: string }>,
): Promise<void> {
  if (values.length === 0) return;
  let update = untyped(db)
    .updateTable(place.table)
    .set(Object.fromEntries(values.map(({ column, now }) => [column, now])))
    .where(place.key, '=', key);
  for (const { column, was } of values) update = update.where(column, '=', was);
  await update.execute();
}

/** How many rows hold a value that starts with `prefix` (a family key's: is it still needed?). */
export async function rowsSealedWith(
  db: Kysely<Database>,
  place: SealedColumnsPlace,
  prefix: string,
): Promise<number> {
  const row = await untyped(db)
    .selectFrom(place.table)
    .select((eb) => eb.fn.countAll().as('count'))
    .where((eb) => eb.or(place.columns.map((column) => eb(column, 'like', `${prefix}%`))))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The keys of the rows that hold a value starting with `prefix`. */
export async function rowsSealedWithKeys(
  db: Kysely<Database>,
  place: SealedColumnsPlace,
  prefix: string,
): Promise<string[]> {
  const rows = await untyped(db)
    .selectFrom(place.table)
    .select(place.key)
    .where((eb) => eb.or(place.columns.map((column) => eb(column, 'like', `${prefix}%`))))
    .execute();
  return rows.map((row) => String(row[place.key]));
}
