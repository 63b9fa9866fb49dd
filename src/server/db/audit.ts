import { sql, type Kysely } from 'kysely';
import type { AuditLogTable, Database } from './types';
import type { DialectName } from '.';

type Db = Kysely<Database>;

/** An arbitrary constant naming the audit trail's lock on PostgreSQL (pg_advisory_xact_lock). */
const AUDIT_LOCK = 7_301_030;

/**
 * docs/decisions/staff.md#audit-trail: the last entry, read under a lock held until the transaction ends, so
 * two processes never both append after it. SQLite's transactions take the write lock up front (index.ts).
 */
export async function lastAuditEntry(trx: Db, dialect: DialectName) {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${AUDIT_LOCK})`.execute(trx);
  return trx
    .selectFrom('audit_log')
    .select(['seq', 'hash'])
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
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
}

/** A page of the trail, newest first. */
export async function auditPage(db: Db, filter: AuditFilter, limit: number) {
  let query = db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').limit(limit);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.actor) query = query.where('actor', '=', filter.actor);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  if (filter.before !== undefined) query = query.where('seq', '<', filter.before);
  return query.execute();
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
