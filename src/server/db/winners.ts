import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { queueMail } from './outbox';
import type {
  ClaimTable,
  Database,
  DrawWinnerTable,
  InstantWinnerTable,
  OutboxTable,
  ReserveEntryTable,
} from './types';

export const WINNERS_VERSION_KEY = 'winners_version';
const DEMO_KEY = 'demo_imported_at';
const DEMO_REMOVED_KEY = 'demo_removed_at';

export interface WinnersImport {
  instant: InstantWinnerTable[];
  draws: DrawWinnerTable[];
  /** One candidate claim per record; stored only when that record has no claim yet (re-import keeps links valid). */
  claims: ClaimTable[];
  /** The reserve entries (docs/decisions/review.md#reserve); one a prize passed to stays as it was. */
  reserves: ReserveEntryTable[];
  /** The candidate claims' mail (docs/decisions/mail.md#outbox): queued for the claims this import creates. */
  mail: OutboxTable[];
  /** The bundled demo set (docs/decisions/claims.md#demo-data): marked, so that the first real import removes it. */
  demo: boolean;
  /** When the import runs (the demo's marks record it). */
  atIso: string;
  /** Told the rows written so far (records and claims) of all the import writes. */
  progress?: ((done: number, total: number) => void) | undefined;
  /** Before the commit: the key that sealed the claims' e-mails is still current (statements/period-keys.ts). */
  confirm?: ((trx: Kysely<Database>) => Promise<void>) | undefined;
}

/** What the first real import removed of the demo set, or undefined when there was none. */
export interface RemovedDemo {
  records: number;
  claims: number;
  statements: number;
}

export interface WinnersImportResult {
  /** record_key of every claim created by this import. */
  newClaimKeys: string[];
  /** Records inserted or changed (0 on a repeated import of the same file). */
  changedRecords: number;
  removedDemo: RemovedDemo | undefined;
}

// SQLite allows 32 766 bound values per statement; 200 rows of at most 7 columns stay far below.
const CHUNK_ROWS = 200;

type RecordTable = 'instant_winners' | 'draw_winners' | 'claims' | 'reserve_entries';
type KeyedRow = { record_key: string };

// Kysely cannot type a query over a table chosen at run time; these helpers take only keyed rows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const untyped = (trx: Transaction<Database>) => trx as unknown as Transaction<any>;

async function insertChunked(
  trx: Transaction<Database>,
  table: RecordTable,
  rows: KeyedRow[],
  written: (rows: number) => void = () => undefined,
) {
  for (let at = 0; at < rows.length; at += CHUNK_ROWS) {
    const chunk = rows.slice(at, at + CHUNK_ROWS);
    await untyped(trx).insertInto(table).values(chunk).execute();
    written(chunk.length);
  }
}

function sameRow<T extends object>(a: T, b: T): boolean {
  return (Object.keys(a) as (keyof T)[]).every((key) => a[key] === b[key]);
}

async function upsertRecords(
  trx: Transaction<Database>,
  table: 'instant_winners' | 'draw_winners',
  rows: KeyedRow[],
  written: (rows: number) => void,
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
  await insertChunked(trx, table, fresh, written);
  for (const row of changed) {
    await untyped(trx).updateTable(table).set(row).where('record_key', '=', row.record_key).execute();
  }
  written(rows.length - fresh.length);
  return fresh.length + changed.length;
}

/** Removes every winner, claim and statement: all of them came with the demo set (see importWinners). */
async function removeDemo(trx: Transaction<Database>): Promise<RemovedDemo> {
  const count = async (table: 'instant_winners' | 'draw_winners' | 'claims' | 'statements') =>
    Number(
      (
        await trx
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const removed = {
    records: (await count('instant_winners')) + (await count('draw_winners')),
    claims: await count('claims'),
    statements: await count('statements'),
  };
  for (const table of [
    'outbox',
    'prize_issue_steps',
    'reviews',
    'statement_marks',
    'reserve_entries',
    'rejected_statements',
    'statements',
    'claims',
    'instant_winners',
    'draw_winners',
  ] as const) {
    await trx.deleteFrom(table).execute();
  }
  await trx.deleteFrom('app_meta').where('key', '=', DEMO_KEY).execute();
  return removed;
}

/** Whether the bundled demo set was ever imported into this database (it is only into an empty one). */
export async function demoEverImported(db: Kysely<Database>): Promise<boolean> {
  return (await getMeta(db, DEMO_KEY)) !== undefined || (await getMeta(db, DEMO_REMOVED_KEY)) !== undefined;
}

/**
 * Imports published winners and their claims in one transaction: all or nothing. The first import that
 * is not the demo set removes the demo set first (docs/decisions/claims.md#demo-data: demo data never mixes
 * with real winners).
 */
export async function importWinners(db: Kysely<Database>, data: WinnersImport): Promise<WinnersImportResult> {
  return db.transaction().execute(async (trx) => {
    let removedDemo: RemovedDemo | undefined;
    if (data.demo) await setMeta(trx, DEMO_KEY, data.atIso);
    else if ((await getMeta(trx, DEMO_KEY)) !== undefined) {
      removedDemo = await removeDemo(trx);
      await setMeta(trx, DEMO_REMOVED_KEY, data.atIso);
    }
    const total = data.instant.length + data.draws.length + data.claims.length;
    let done = 0;
    const written = (rows: number) => {
      done += rows;
      if (rows > 0) data.progress?.(done, total);
    };
    const changedRecords =
      (await upsertRecords(trx, 'instant_winners', data.instant, written)) +
      (await upsertRecords(trx, 'draw_winners', data.draws, written));
    await upsertReserves(trx, data.reserves);
    const claimed = new Map(
      (await trx.selectFrom('claims').select(['record_key', 'email_digest', 'phone_digest']).execute()).map(
        (row) => [row.record_key, row],
      ),
    );
    const newClaims = data.claims.filter((claim) => !claimed.has(claim.record_key));
    await insertChunked(trx, 'claims', newClaims, written);
    written(data.claims.length - newClaims.length);
    const created = new Set(newClaims.map((claim) => claim.id));
    await queueMail(
      trx,
      data.mail.filter((mail) => mail.claim_id !== null && created.has(mail.claim_id)),
    );
    // A claim imported before takes the file's contact: corrected, or keyed anew after a key rotation.
    for (const claim of data.claims) {
      const old = claimed.get(claim.record_key);
      if (old && (old.email_digest !== claim.email_digest || old.phone_digest !== claim.phone_digest)) {
        await trx
          .updateTable('claims')
          .set({
            email_digest: claim.email_digest,
            phone_digest: claim.phone_digest,
            email_sealed: claim.email_sealed,
          })
          .where('record_key', '=', claim.record_key)
          .execute();
      }
    }
    if (changedRecords > 0 || removedDemo) await setMeta(trx, WINNERS_VERSION_KEY, randomUUID());
    await data.confirm?.(trx);
    return { newClaimKeys: newClaims.map((claim) => claim.record_key), changedRecords, removedDemo };
  });
}

const RESERVE_FIELDS = [
  'draw_name',
  'price',
  'price_rank',
  'reserve',
  'code',
  'name',
  'testimonial_id',
  'email_digest',
  'phone_digest',
] as const;

/** New reserve entries are added; a waiting one takes the file's corrections; one already promoted stays. */
async function upsertReserves(trx: Transaction<Database>, rows: ReserveEntryTable[]) {
  if (rows.length === 0) return;
  const existing = new Map(
    (await trx.selectFrom('reserve_entries').selectAll().execute()).map((row) => [row.record_key, row]),
  );
  await insertChunked(
    trx,
    'reserve_entries',
    rows.filter((row) => !existing.has(row.record_key)),
  );
  for (const row of rows) {
    const old = existing.get(row.record_key);
    if (!old || old.promoted_from !== null || RESERVE_FIELDS.every((key) => old[key] === row[key])) continue;
    const { promoted_from: _from, claim_id: _claim, promoted_at: _at, ...fields } = row;
    await trx.updateTable('reserve_entries').set(fields).where('record_key', '=', row.record_key).execute();
  }
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
  return (
    db
      .selectFrom('draw_winners')
      .selectAll()
      // docs/decisions/review.md#reserve: a prize that passed to a reserve entry is listed under its new winner.
      .where('passed_to', 'is', null)
      .orderBy('draw_name')
      .orderBy('price_rank')
      .orderBy('code')
      .execute()
  );
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

/** Sets the value only where the key has none; returns the value the database holds afterwards. */
export async function setMetaIfAbsent(db: Kysely<Database>, key: string, value: string): Promise<string> {
  await db
    .insertInto('app_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await getMeta(db, key)) ?? value;
}
