import { createHash } from 'node:crypto';
import type { Clock } from '../clock';
import { isoAt } from '../clock';
import type { Storage } from '../db';
import { auditInOrder, insertAuditEntry, lastAuditEntry } from '../db/audit';
import type { AuditLogTable } from '../db/types';

export type AuditAction =
  | 'login'
  | 'logout'
  | 'invitation'
  | 'passkey-added'
  | 'passkey-removed'
  | 'roles-changed'
  | 'revoked'
  | 'access-reset'
  | 'statements-exported'
  // docs/decisions/review.md: the review of statements; each look at a statement's data is one entry.
  | 'statement-taken'
  | 'statement-given-back'
  | 'statement-released'
  | 'statement-opened'
  | 'statement-revealed'
  | 'photo-viewed'
  | 'decision'
  | 'approval'
  | 'decision-undone'
  | 'reserve-promoted'
  | 'payouts-exported'
  | 'payouts-paid'
  | 'payout-undone'
  // docs/decisions/staff.md#sessions: a passkey that did not open the panel, a passkey asked for again, all of
  // one's sessions ended.
  | 'login-failed'
  | 'passkey-confirmed'
  | 'logout-everywhere';

/** Who did what to what, and why: ids and counts only, never a personal value. */
export interface AuditEvent {
  /** A staff member's id, or OPERATOR. */
  actor: string;
  action: AuditAction;
  subject?: string;
  reason?: string;
  details?: Record<string, string | number | boolean | string[]>;
}

/** The actor of the operator's commands, run from a shell on the server. */
export const OPERATOR = 'operator';
/** The actor of a failed login with a passkey nobody has: who tried is not known. */
export const ANONYMOUS = 'anonymous';
/** The hash the first entry carries as its predecessor's. */
const GENESIS = '0'.repeat(64);

/** docs/decisions/staff.md#audit-trail: an entry's hash covers its number, content and predecessor's hash. */
export function entryHash(entry: Omit<AuditLogTable, 'hash'>): string {
  const fields = [
    entry.seq,
    entry.at,
    entry.actor,
    entry.action,
    entry.subject,
    entry.reason,
    entry.details,
    entry.prev_hash,
  ];
  return createHash('sha256').update(JSON.stringify(fields), 'utf8').digest('hex');
}

/** Appends an entry inside the caller's transaction: it commits with what it records, or not at all. */
export async function appendAudit(
  trx: Storage['db'],
  storage: Storage,
  clock: Clock,
  event: AuditEvent,
): Promise<void> {
  const last = await lastAuditEntry(trx, storage.dialect);
  const entry = {
    seq: (last?.seq ?? 0) + 1,
    at: isoAt(clock.real()),
    actor: event.actor,
    action: event.action,
    subject: event.subject ?? null,
    reason: event.reason ?? null,
    details: event.details ? JSON.stringify(event.details) : null,
    prev_hash: last?.hash ?? GENESIS,
  };
  await insertAuditEntry(trx, { ...entry, hash: entryHash(entry) });
}

/** Records an event on its own (a login, an export). */
export async function recordAudit(storage: Storage, clock: Clock, event: AuditEvent): Promise<void> {
  await storage.db.transaction().execute((trx) => appendAudit(trx, storage, clock, event));
}

export type AuditCheck =
  | { verified: true; entries: number; last: { seq: number; hash: string } | undefined }
  | { verified: false; entries: number; seq: number; problem: 'altered' | 'unlinked' | 'missing' };

/**
 * docs/decisions/staff.md#audit-trail: walks the trail in order and stops at the first entry that does not
 * match: its number skips one (`missing`: that one was removed), its predecessor's hash is not the one before
 * it (`unlinked`: the one before was altered and its hash recomputed), or its own hash does not cover its
 * content (`altered`).
 */
export async function verifyAudit(storage: Storage): Promise<AuditCheck> {
  let entries = 0;
  let previous: { seq: number; hash: string } | undefined;
  for await (const row of auditInOrder(storage.db)) {
    const expectedSeq = (previous?.seq ?? 0) + 1;
    if (row.seq !== expectedSeq) return { verified: false, entries, seq: expectedSeq, problem: 'missing' };
    if (row.prev_hash !== (previous?.hash ?? GENESIS))
      return { verified: false, entries, seq: row.seq, problem: 'unlinked' };
    const { hash, ...content } = row;
    if (entryHash(content) !== hash) return { verified: false, entries, seq: row.seq, problem: 'altered' };
    entries += 1;
    previous = { seq: row.seq, hash };
  }
  return { verified: true, entries, last: previous };
}
