import type { Storage } from '../db';
import { emailContext } from '../claims/email-context';
import { complaintContext } from '../complaints/sealed';
import {
  decryptBytes,
  encryptBytes,
  FAMILY_SEALED_LIKE,
  sealedFamily,
  sealedPrefix,
} from '../crypto/encryption';
import {
  rowsSealedWith,
  rowsSealedWithKeys,
  rowsToReseal,
  sealedRow,
  writeResealed,
  type SealedColumnsPlace,
} from '../db/sealed-columns';
import { PURGED } from '../db/statements';
import { YearKeyDestroyedError } from '../crypto/year-key-files';
import type { Database } from '../db/types';
import { orderContext } from '../mail/orders';
import { noteContext } from '../review/note-context';
import { imageContext, openLegacyStatement, statementContext, unsealImage } from './sealed';

// docs/decisions/storage.md#statements-key: every column that holds values sealed with the statements key, in
// one registry. A key rotation reseals what the registry lists, walking it, so a column missing here would be
// unreadable once the old key is gone: test/server/statements/sealed-columns.test.ts finds any sealed value
// outside it.

type Row<T extends keyof Database> = Database[T];

/** A sealed column: the context its values are bound to (the authenticated data), and how one is opened. */
interface SealedColumn<T extends keyof Database> {
  context(row: Row<T>): string;
  /** Opens a value when more than decryption is needed: one stored before it was sealed (default: decrypt). */
  open?(keys: readonly Buffer[], value: string, row: Row<T>): Buffer;
}

interface SealedTable<T extends keyof Database> {
  table: T;
  key: keyof Row<T> & string;
  columns: Partial<Record<keyof Row<T> & string, SealedColumn<T>>>;
  /** A sealed column's value that holds nothing (a purged statement). */
  empty?: string;
  /** A column that kept fields in the clear before everything was sealed; the reseal moves them in. */
  openColumn?: keyof Row<T> & string;
}

// The registry holds tables of different rows; each entry is checked against its own table here.
const sealedTable = <T extends keyof Database>(entry: SealedTable<T>) =>
  entry as unknown as SealedTable<keyof Database>;

/** A statement, received or rejected: what the winner sent, and the photo apart (statements/sealed.ts). */
const statementTable = (table: 'statements' | 'rejected_statements') =>
  sealedTable<typeof table>({
    table,
    key: 'id',
    columns: {
      secrets: {
        context: (row) => statementContext(row.claim_id),
        open: (keys, secrets, row) =>
          Buffer.from(openLegacyStatement(keys, row.claim_id, { secrets, open: row.payload }), 'utf8'),
      },
      image: {
        context: (row) => imageContext(row.claim_id),
        open: (keys, image, row) => unsealImage(keys, row.claim_id, image),
      },
    },
    empty: PURGED,
    openColumn: 'payload',
  });

export const SEALED_TABLES: ReadonlyArray<SealedTable<keyof Database>> = [
  statementTable('statements'),
  statementTable('rejected_statements'),
  // mail/orders.ts: what a waiting message says (its address, its link).
  sealedTable({
    table: 'outbox',
    key: 'id',
    columns: { sealed: { context: (row) => orderContext(row.id) } },
  }),
  // claims/claims.ts: the winners file's e-mail, bound to the winning record.
  sealedTable({
    table: 'claims',
    key: 'id',
    columns: { email_sealed: { context: (row) => emailContext(row.record_key) } },
  }),
  sealedTable({
    table: 'reserve_entries',
    key: 'record_key',
    columns: { email_sealed: { context: (row) => emailContext(row.record_key) } },
    // A promoted entry's e-mail is its claim's now (db/reserves.ts promoteReserve).
    empty: '',
  }),
  // complaints/sealed.ts: what a complaint says.
  sealedTable({
    table: 'complaints',
    key: 'id',
    columns: { secrets: { context: (row) => complaintContext(row.id) } },
    empty: PURGED,
  }),
  // review/view.ts: the review's internal notes.
  sealedTable({
    table: 'reviews',
    key: 'statement_id',
    columns: {
      note: { context: (row) => noteContext(row.statement_id, 'note') },
      approval_note: { context: (row) => noteContext(row.statement_id, 'approval') },
    },
  }),
];

/**
 * docs/decisions/storage.md#bounded-keys: the tables whose values a statement's purge empties, sealed with a
 * bounded family's key from the start (statements/period-keys.ts), never with the statements key.
 */
export const BOUNDED_TABLES = [
  'statements',
  'rejected_statements',
  'claims',
  'reviews',
  'complaints',
  'outbox',
] as const satisfies ReadonlyArray<keyof Database>;
const isBounded = (table: keyof Database) => (BOUNDED_TABLES as readonly string[]).includes(table);

const placeOf = (entry: SealedTable<keyof Database>): SealedColumnsPlace => ({
  table: entry.table,
  key: entry.key,
  columns: Object.keys(entry.columns),
  ...(entry.empty === undefined ? {} : { empty: entry.empty }),
  ...(entry.openColumn ? { openColumn: entry.openColumn } : {}),
});

/** What a reseal seals with: the statements key (below), or a family's key (statements/period-keys.ts). */
export interface ResealTarget {
  seal(plain: Buffer, context: string): string;
  /** A value that stays as it is. */
  keeps(sealed: string): boolean;
}

/**
 * Seals anew with `key` every registered value of a table not bounded that another key (`keys`: the previous
 * ones, during a rotation) or no key sealed, one row at a time; a family's values stay, and the bounded
 * tables are period-keys.ts's (sealOpenFromStart). Returns how many rows of each table were resealed.
 */
export async function resealColumns(
  db: Storage['db'],
  key: Buffer,
  keys: readonly Buffer[],
): Promise<Map<keyof Database, number>> {
  const prefix = sealedPrefix(key);
  const target: ResealTarget = {
    seal: (plain, context) => encryptBytes(key, plain, context),
    keeps: (sealed) => sealed.startsWith(prefix) || sealedFamily(sealed) !== undefined,
  };
  const counts = new Map<keyof Database, number>();
  for (const entry of SEALED_TABLES) {
    if (isBounded(entry.table)) continue;
    const stale = await rowsToReseal(db, placeOf(entry), [`${prefix}%`, ...FAMILY_SEALED_LIKE]);
    for (const id of stale) await resealRow(db, entry, id, target, keys);
    counts.set(entry.table, stale.length);
  }
  return counts;
}

/** The rows of a bounded table with a value no family's key sealed (the statements key's, or none). */
export const rowsNotInFamilies = (db: Storage['db'], table: (typeof BOUNDED_TABLES)[number]) =>
  rowsToReseal(db, placeOf(entryOf(table)), FAMILY_SEALED_LIKE);

/** A value sealed anew: what the column held, and holds now. */
export interface ResealedValue {
  column: string;
  was: string;
  now: string;
}

const entryOf = (table: keyof Database) => SEALED_TABLES.find((candidate) => candidate.table === table)!;

/** Seals one row's registered values anew for `target` (those it does not keep); returns what it wrote. */
export const resealRowOf = (
  db: Storage['db'],
  table: keyof Database,
  rowKey: string,
  target: ResealTarget,
  keys: readonly Buffer[],
) => resealRow(db, entryOf(table), rowKey, target, keys);

/** Puts back what resealRowOf wrote, where it is still there (its key went meanwhile). */
export const undoReseal = (
  db: Storage['db'],
  table: keyof Database,
  rowKey: string,
  values: readonly ResealedValue[],
) =>
  writeResealed(
    db,
    placeOf(entryOf(table)),
    rowKey,
    values.map(({ column, was, now }) => ({ column, was: now, now: was })),
  );

async function resealRow(
  db: Storage['db'],
  entry: SealedTable<keyof Database>,
  rowKey: string,
  target: ResealTarget,
  keys: readonly Buffer[],
): Promise<ResealedValue[]> {
  const place = placeOf(entry);
  const row = await sealedRow(db, place, rowKey);
  if (!row) return [];
  const values = resealed(entry, row as unknown as Row<keyof Database>, target, keys);
  await writeResealed(db, place, rowKey, values);
  return values;
}

/** The keys of a table's rows with a value starting with `prefix` (a family key's, statements/period-keys.ts). */
export const rowsOfPrefix = (db: Storage['db'], table: keyof Database, prefix: string) =>
  rowsSealedWithKeys(db, placeOf(entryOf(table)), prefix);

/** How many registered rows hold a value starting with `prefix` (a family key's, statements/period-keys.ts). */
export async function rowsSealedWithPrefix(db: Storage['db'], prefix: string): Promise<number> {
  let count = 0;
  for (const entry of SEALED_TABLES) count += await rowsSealedWith(db, placeOf(entry), prefix);
  return count;
}

function resealed<T extends keyof Database>(
  entry: SealedTable<T>,
  row: Row<T>,
  target: ResealTarget,
  keys: readonly Buffer[],
) {
  const open = entry.openColumn === undefined ? undefined : (row[entry.openColumn] as string);
  const movesOpen = open !== undefined && open !== (entry.empty ?? '');
  const values = Object.entries(entry.columns).flatMap(([column, spec]) => {
    const { context, open: openValue } = spec as SealedColumn<T>;
    const was = row[column as keyof Row<T>] as string | null;
    if (was === null || was === entry.empty || (target.keeps(was) && !movesOpen)) return [];
    let plain: Buffer;
    try {
      plain = openValue ? openValue(keys, was, row) : decryptBytes(keys, was, context(row));
    } catch (error) {
      // A database restored from before a purge: what its run emptied stays as it is, unreadable for good.
      if (error instanceof YearKeyDestroyedError) return [];
      throw error;
    }
    return [{ column, was, now: target.seal(plain, context(row)) }];
  });
  return movesOpen ? [...values, { column: entry.openColumn!, was: open, now: entry.empty ?? '' }] : values;
}
