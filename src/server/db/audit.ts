import { sql, type Kysely } from 'kysely';
import type { AuditLogTable, Database } from './types';
import type { DialectName } from '.';

type Db = Kysely<Database>;

/** An arbitrary constant naming the audit trail's lock on PostgreSQL (pg_advisory_xact_lock). */
const AUDIT_LOCK = 7_301_030;

/**
 * docs/decisions/staff.md#audit-trail: the last entry, read under a lock held until the transaction ends, so
 * two processes never both append after it (nor write the head file at once). SQLite's transactions take
 * the write lock up front (index.ts).
 */
export async function lastAuditEntry(trx: Db, dialect: DialectName) {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${AUDIT_LOCK})`.execute(trx);
  return trx.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').limit(1).executeTakeFirst();
}

/** The hash entry `seq` has now, if there is one. */
export async function auditHashAt(db: Db, seq: number): Promise<string | undefined> {
  const row = await db.selectFrom('audit_log').select('hash').where('seq', '=', seq).executeTakeFirst();
  return row?.hash;
}

/**
 * docs/decisions/staff.md#keyed-chain: migration 012 leaves this in app_meta when the trail holds entries
 * chained with plain SHA-256, for the first start with the trail's key to seal them.
 */
export const PLAIN_CHAIN_MARK = 'audit_plain_chain';

export async function hasPlainChainMark(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('app_meta')
    .select('key')
    .where('key', '=', PLAIN_CHAIN_MARK)
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes the mark; true when this transaction removed it (of two processes, one does). */
export async function takePlainChainMark(trx: Db): Promise<boolean> {
  const { numDeletedRows } = await trx
    .deleteFrom('app_meta')
    .where('key', '=', PLAIN_CHAIN_MARK)
    .executeTakeFirst();
  return numDeletedRows > 0n;
}

export async function insertAuditEntry(trx: Db, row: AuditLogTable) {
  await trx.insertInto('audit_log').values(row).execute();
}

export interface AuditFilter {
  action?: string;
  actor?: string;
  /** ISO instants: from inclusive, to exclusive. */
  from?: string;
  to?: string;
  /** Entries numbered below this one (the page before's last). */
  before?: number;
  /** Entries about any of these ids: their subject, or named in their details (a payout's statements). */
  concerning?: readonly string[];
}

/** A page of the trail, newest first. */
export async function auditPage(db: Db, filter: AuditFilter, limit: number) {
  let query = db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').limit(limit);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.actor) query = query.where('actor', '=', filter.actor);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  if (filter.before !== undefined) query = query.where('seq', '<', filter.before);
  const { concerning } = filter;
  if (concerning)
    query = query.where((eb) =>
      eb.or([
        ...(concerning.length > 0 ? [eb('subject', 'in', concerning)] : []),
        // Details are JSON: an id is named there as a quoted string (ids are UUIDs, no LIKE wildcards).
        ...concerning.map((id) => eb('details', 'like', `%"${id}"%`)),
      ]),
    );
  return query.execute();
}

/**
 * docs/decisions/staff.md#audit-subjects: the statements (received or rejected by the operator) that carry a
 * reference, with their claims: what the auditor's filter by reference looks for.
 */
export async function statementsByReference(db: Db, reference: string) {
  const [current, rejected] = await Promise.all(
    (['statements', 'rejected_statements'] as const).map((table) =>
      db.selectFrom(table).select(['id', 'claim_id']).where('reference', '=', reference).execute(),
    ),
  );
  return [...current!, ...rejected!];
}

/** Enough ids at once for either database's limit of parameters in one query. */
const IDS_AT_ONCE = 500;

async function inChunks<T>(ids: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let start = 0; start < ids.length; start += IDS_AT_ONCE)
    rows.push(...(await read(ids.slice(start, start + IDS_AT_ONCE))));
  return rows;
}

/** What the auditor reads for the statement and claim ids a page of entries names: references, codes. */
export async function auditNames(db: Db, ids: readonly string[]) {
  const statements = await inChunks(ids, async (chunk) => {
    const [current, rejected] = await Promise.all(
      (['statements', 'rejected_statements'] as const).map((table) =>
        db.selectFrom(table).select(['id', 'reference']).where('id', 'in', chunk).execute(),
      ),
    );
    return [...current!, ...rejected!];
  });
  const claims = await inChunks(ids, (chunk) =>
    db.selectFrom('claims').select(['id', 'code', 'tier']).where('id', 'in', chunk).execute(),
  );
  return { statements, claims };
}

/** The whole trail in order, a chunk at a time (audit-verify). */
export async function* auditInOrder(db: Db, chunk = 1_000): AsyncGenerator<AuditLogTable> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(chunk)
      .execute();
    yield* rows;
    if (rows.length < chunk) return;
    after = rows.at(-1)!.seq;
  }
}
