import { sql, type Kysely, type Transaction } from 'kysely';
import type { DialectName } from './index';
import { MAIL_KINDS, type Database, type MailKindColumn, type OutboxTable } from './types';

// docs/decisions/mail.md#outbox: the outbox's SQL. Times are ISO text; the campaign clock's (due_at,
// expires_at) and the real clock's (next_attempt_at, lease_until, …) are never compared with each other.

type Db = Kysely<Database> | Transaction<Database>;

const CHUNK_ROWS = 200;

/** A message that will not go: its address and facts are emptied with it. */
export const CANCELLED = { state: 'cancelled', sealed: null } as const;

/** Queues messages; one that is queued already (same claim, kind and number) is left as it is. */
export async function queueMail(db: Db, rows: OutboxTable[]): Promise<void> {
  for (let at = 0; at < rows.length; at += CHUNK_ROWS) {
    await db
      .insertInto('outbox')
      .values(rows.slice(at, at + CHUNK_ROWS))
      .onConflict((conflict) => conflict.columns(['claim_id', 'kind', 'number']).doNothing())
      .execute();
  }
}

/** Cancels a claim's queued messages of these kinds (a statement came; a link was replaced). */
export async function cancelQueued(db: Db, claimIds: string[], kinds: MailKindColumn[]): Promise<void> {
  if (claimIds.length === 0) return;
  await db
    .updateTable('outbox')
    .set({ ...CANCELLED, lease_until: null, lease_owner: null })
    .where('claim_id', 'in', claimIds)
    .where('kind', 'in', kinds)
    .where('state', '=', 'queued')
    .execute();
}

/** The highest number of a kind a claim's messages have, or -1. */
export async function lastNumber(db: Db, claimId: string, kind: MailKindColumn): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.max('number').as('n'))
    .where('claim_id', '=', claimId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.n === null || row?.n === undefined ? -1 : Number(row.n);
}

export async function queuedOfClaim(db: Db, claimId: string, kind: MailKindColumn) {
  return db
    .selectFrom('outbox')
    .select(['id', 'number'])
    .where('claim_id', '=', claimId)
    .where('kind', '=', kind)
    .where('state', '=', 'queued')
    .execute();
}

/** Replaces a waiting message's sealed part (a new link; a new key): not once it is sent or cancelled. */
export async function resealWaiting(db: Db, id: string, sealed: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ sealed })
    .where('id', '=', id)
    .where('sealed', 'is not', null)
    .execute();
}

export interface LeaseRequest {
  owner: string;
  limit: number;
  campaignNowIso: string;
  realNowIso: string;
  leaseUntilIso: string;
  /** Whether reminders may go now (their sending hours on the campaign clock). */
  reminders: boolean;
}

export type LeasedMail = Pick<
  OutboxTable,
  'id' | 'claim_id' | 'kind' | 'sealed' | 'attempts' | 'first_failed_at' | 'created_at'
>;

/**
 * Takes up to `limit` due messages for one dispatcher: each is leased to it until `leaseUntilIso`, so no
 * other dispatcher takes it meanwhile (PostgreSQL skips rows another transaction holds; SQLite writes one
 * transaction at a time). A lease that runs out (its dispatcher died) frees the message for another.
 */
export async function leaseDue(db: Kysely<Database>, dialect: DialectName, request: LeaseRequest) {
  return db.transaction().execute(async (trx) => {
    let due = trx
      .selectFrom('outbox')
      .select('id')
      .where('state', '=', 'queued')
      .where('due_at', '<=', request.campaignNowIso)
      .where((eb) =>
        eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', request.realNowIso)]),
      )
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', request.realNowIso)]))
      .orderBy('due_at')
      .limit(request.limit);
    if (!request.reminders) due = due.where('kind', '<>', 'reminder');
    if (dialect === 'postgres') due = due.forUpdate().skipLocked();
    const ids = (await due.execute()).map((row) => row.id);
    if (ids.length === 0) return [];
    return trx
      .updateTable('outbox')
      .set({
        lease_owner: request.owner,
        lease_until: request.leaseUntilIso,
        attempts: sql<number>`attempts + 1`,
      })
      .where('id', 'in', ids)
      .returning(['id', 'claim_id', 'kind', 'sealed', 'attempts', 'first_failed_at', 'created_at'])
      .execute();
  });
}

/**
 * The due link mails and reminders of claims whose statement has come are cancelled: "only while no
 * statement has arrived" (docs/decisions/mail.md#reminders). Done by the dispatcher before it leases, not in
 * the statement's commit, which a winner waits for.
 */
export async function cancelAnswered(db: Db, campaignNowIso: string): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set(CANCELLED)
    .where('state', '=', 'queued')
    .where('due_at', '<=', campaignNowIso)
    .where('kind', 'in', ['link', 'reminder'])
    .where('claim_id', 'in', (eb) => eb.selectFrom('statements').select('claim_id'))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Reminders past their time are cancelled (campaign clock): a late one would say the wrong thing. */
export async function expireQueued(db: Db, campaignNowIso: string): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set(CANCELLED)
    .where('state', '=', 'queued')
    .where('expires_at', '<', campaignNowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** What happened to one leased message; only its lease holder records it (recordOutcomes). */
export type MailOutcome =
  // atIso: the real clock's instant; sentOn: the campaign clock's Warsaw day (docs/decisions/complaints.md#clock)
  | { state: 'sent'; atIso: string; sentOn: string }
  | { state: 'queued'; nextAttemptIso: string; firstFailedIso: string; error: string }
  | { state: 'failed'; firstFailedIso: string; error: string }
  | { state: 'cancelled' };

/** Records a round's outcomes in one transaction (one commit, one wait for the disk). */
export async function recordOutcomes(
  db: Kysely<Database>,
  owner: string,
  outcomes: { id: string; outcome: MailOutcome }[],
): Promise<void> {
  if (outcomes.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const { id, outcome } of outcomes) await recordOutcome(trx, id, owner, outcome);
  });
}

async function recordOutcome(db: Db, id: string, owner: string, outcome: MailOutcome): Promise<void> {
  const released = { lease_owner: null, lease_until: null };
  const change =
    outcome.state === 'sent'
      ? {
          ...released,
          state: 'sent' as const,
          sealed: null,
          sent_at: outcome.atIso,
          sent_on: outcome.sentOn,
          last_error: null,
        }
      : outcome.state === 'cancelled'
        ? { ...released, ...CANCELLED }
        : {
            ...released,
            state: outcome.state,
            first_failed_at: outcome.firstFailedIso,
            last_error: outcome.error,
            next_attempt_at: outcome.state === 'queued' ? outcome.nextAttemptIso : null,
          };
  await db.updateTable('outbox').set(change).where('id', '=', id).where('lease_owner', '=', owner).execute();
}

export interface KindCounts {
  kind: MailKindColumn;
  queued: number;
  sent: number;
  failed: number;
  /** When the queued message due the longest was due (campaign clock), or null when none is due. */
  oldestDueAt: string | null;
}

export async function mailCounts(db: Db, campaignNowIso: string): Promise<KindCounts[]> {
  const rows = await db
    .selectFrom('outbox')
    .select(['kind', 'state', (eb) => eb.fn.countAll<string | number>().as('n')])
    .groupBy(['kind', 'state'])
    .execute();
  const oldest = await db
    .selectFrom('outbox')
    .select(['kind', (eb) => eb.fn.min('due_at').as('due_at')])
    .where('state', '=', 'queued')
    .where('due_at', '<=', campaignNowIso)
    .groupBy('kind')
    .execute();
  return MAIL_KINDS.map((kind) => {
    const count = (state: string) =>
      Number(rows.find((row) => row.kind === kind && row.state === state)?.n ?? 0);
    return {
      kind,
      queued: count('queued'),
      sent: count('sent'),
      failed: count('failed'),
      oldestDueAt: oldest.find((row) => row.kind === kind)?.due_at ?? null,
    };
  });
}

/** The failed messages with their claim's code and tier, none for staff mail (no address: it is sealed). */
export async function failedMail(db: Db) {
  return db
    .selectFrom('outbox')
    .leftJoin('claims', 'claims.id', 'outbox.claim_id')
    .select([
      'outbox.id',
      'outbox.kind',
      'claims.code',
      'claims.tier',
      'outbox.attempts',
      'outbox.first_failed_at',
      'outbox.last_error',
    ])
    .where('outbox.state', '=', 'failed')
    .orderBy('outbox.first_failed_at')
    .execute();
}

/** Queues the failed messages again, as new: retried at once, then with the usual backoff. */
export async function requeueFailed(db: Db): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ state: 'queued', attempts: 0, first_failed_at: null, next_attempt_at: null })
    .where('state', '=', 'failed')
    .where('sealed', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
