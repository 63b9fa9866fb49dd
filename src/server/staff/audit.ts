import fs from 'node:fs';
import { createHash, createHmac } from 'node:crypto';
import type { Clock } from '../clock';
import { isoAt } from '../clock';
import { ConfigError } from '../config-error';
import { afterCommit, type Storage } from '../db';
import {
  auditHashAt,
  auditInOrder,
  hasPlainChainMark,
  insertAuditEntry,
  lastAuditEntry,
  takePlainChainMark,
} from '../db/audit';
import type { AuditLogTable } from '../db/types';
import { replaceFile } from '../durable-file';

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
  // docs/decisions/staff.md#keyed-chain: the entries before it, chained with plain SHA-256, sealed by the key.
  | 'audit-keyed'
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
  // docs/decisions/prize-issue.md: a prize's issue step, and the register written out.
  | 'prize-shipped'
  | 'prize-delivered'
  | 'prize-returned'
  | 'prize-handed-over'
  | 'register-exported'
  // docs/decisions/staff.md#sessions: a passkey that did not open the panel, a passkey asked for again, all of
  // one's sessions ended.
  | 'login-failed'
  | 'passkey-confirmed'
  | 'logout-everywhere'
  // docs/decisions/complaints.md: the complaints desk; each look at a complaint is one entry.
  | 'complaint-added'
  | 'complaint-opened'
  | 'complaint-decided'
  | 'complaint-answered'
  | 'complaint-claim-reopened'
  | 'complaints-exported'
  // docs/decisions/retention.md: a retention run (one entry per run), a hold set or released by hand.
  | 'retention-run'
  | 'retention-hold'
  | 'retention-release';

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
/** The actor of what the server does on its own: the daily retention run (RETENTION=on). */
export const SERVER = 'server';
/** The actor of a failed login with a passkey nobody has: who tried is not known. */
export const ANONYMOUS = 'anonymous';
/** The hash the first entry carries as its predecessor's. */
const GENESIS = '0'.repeat(64);

type EntryContent = Omit<AuditLogTable, 'hash'>;

/** What an entry's hash covers: its number, content and predecessor's hash. */
const covered = (entry: EntryContent) =>
  JSON.stringify([
    entry.seq,
    entry.at,
    entry.actor,
    entry.action,
    entry.subject,
    entry.reason,
    entry.details,
    entry.prev_hash,
  ]);

/** The plain SHA-256 of the entries made before migration 012 (docs/decisions/staff.md#keyed-chain). */
export function entryHash(entry: EntryContent): string {
  return createHash('sha256').update(covered(entry), 'utf8').digest('hex');
}

/** docs/decisions/staff.md#keyed-chain: an entry's hash is an HMAC-SHA-256 with the trail's key. */
export function entryHmac(key: Buffer, entry: EntryContent): string {
  return createHmac('sha256', key).update(covered(entry), 'utf8').digest('hex');
}

const matchesKey = (key: Buffer, { hash, ...content }: AuditLogTable) => hash === entryHmac(key, content);

/**
 * Appends an entry inside the caller's transaction: it commits with what it records, or not at all. Once the
 * transaction has committed, the head file follows (writeAuditHead).
 */
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
  await insertAuditEntry(trx, { ...entry, hash: entryHmac(storage.audit.key, entry) });
  if (storage.audit.headFile) await afterCommit(trx, () => writeAuditHead(storage));
}

/** Records an event on its own (a login, an export). */
export async function recordAudit(storage: Storage, clock: Clock, event: AuditEvent): Promise<void> {
  await storage.db.transaction().execute((trx) => appendAudit(trx, storage, clock, event));
}

/** An entry's number and hash, noted outside the database: the trail must still reach it. */
export interface AuditHead {
  seq: number;
  hash: string;
}

/**
 * docs/decisions/staff.md#keyed-chain: migration 012 marks a trail chained with plain SHA-256; the first
 * start with the trail's key appends after its last entry one keyed entry naming it (`audit-keyed`), in the
 * transaction that takes the mark, so it happens once. The entries before keep their hashes: the keyed
 * entry's HMAC covers the last of them, which covers the rest, so none can be rewritten without the key, and
 * audit-verify still checks each of them (a break made before the move is still named). Returns the head
 * it sealed, if it did.
 */
export async function sealPlainTrail(storage: Storage, clock: Clock): Promise<AuditHead | undefined> {
  if (!(await hasPlainChainMark(storage.db))) return undefined;
  return storage.db.transaction().execute(async (trx) => {
    const last = await lastAuditEntry(trx, storage.dialect);
    if (!(await takePlainChainMark(trx)) || !last) return undefined;
    await appendAudit(trx, storage, clock, {
      actor: OPERATOR,
      action: 'audit-keyed',
      details: { plainEntries: last.seq, plainHash: last.hash },
    });
    return { seq: last.seq, hash: last.hash };
  });
}

/** `<seq>:<hash>`, as AUDIT_HEAD_FILE holds it and `audit-verify --expect` takes it. */
export function parseAuditHead(text: string, source: string): AuditHead {
  const match = /^(\d{1,15}):([0-9a-f]{64})$/.exec(text.trim());
  if (!match) throw new ConfigError(`${source} musi mieć postać <numer wpisu>:<skrót> (64 znaki 0-9a-f)`);
  return { seq: Number(match[1]), hash: match[2]! };
}

const fileProblem = (doing: string, file: string, error: unknown) =>
  new ConfigError(
    `nie można ${doing} AUDIT_HEAD_FILE ${file} (${(error as NodeJS.ErrnoException).code ?? 'błąd pliku'})`,
  );

/** The head AUDIT_HEAD_FILE holds, or undefined while it does not exist. */
export function readAuditHead(file: string): AuditHead | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw fileProblem('odczytać', file, error);
  }
  return parseAuditHead(text, `AUDIT_HEAD_FILE (${file})`);
}

/**
 * docs/decisions/staff.md#audit-head: writes the trail's last entry to AUDIT_HEAD_FILE (`<seq>:<hash>`,
 * replaced at once), under the trail's lock, so processes write it one at a time, and only forward along the
 * keyed chain: never an entry that does not match the key, nor past a head the trail no longer reaches (a
 * cut-off end stays for audit-verify to name).
 */
export async function writeAuditHead(storage: Storage): Promise<void> {
  const file = storage.audit.headFile;
  if (!file) return;
  await storage.db.transaction().execute(async (trx) => {
    const last = await lastAuditEntry(trx, storage.dialect);
    if (!last || !matchesKey(storage.audit.key, last)) return;
    const noted = readAuditHead(file);
    if (noted && (noted.seq >= last.seq || (await auditHashAt(trx, noted.seq)) !== noted.hash)) return;
    try {
      replaceFile(file, `${last.seq}:${last.hash}\n`);
    } catch (error) {
      throw fileProblem('zapisać', file, error);
    }
  });
}

export type AuditProblem = 'altered' | 'unlinked' | 'missing';

export type AuditCheck =
  | { verified: true; entries: number; last: AuditHead | undefined }
  | {
      verified: false;
      entries: number;
      problem: AuditProblem;
      seq: number;
      /** Whether an entry before it matched the trail's key (none: the key itself may be the wrong one). */
      keyed: boolean;
    }
  | { verified: false; entries: number; problem: 'unreached'; head: AuditHead };

/**
 * docs/decisions/staff.md#audit-trail: walks the trail in order and stops at the first entry that does not
 * match: its number skips one (`missing`: that one was removed), its predecessor's hash is not the one before
 * it (`unlinked`: the one before was altered and its hash recomputed), or its hash is not the HMAC of its
 * content with the trail's key (`altered`). Entries chained with plain SHA-256 pass only before the first
 * keyed one and followed by one (docs/decisions/staff.md#keyed-chain). Then each head noted outside the
 * database must still be there, with its hash (`unreached`: the end was cut off, or the table emptied).
 */
export async function verifyAudit(storage: Storage, heads: readonly AuditHead[] = []): Promise<AuditCheck> {
  let entries = 0;
  let previous: AuditHead | undefined;
  let keyed = false;
  // The first of the plain entries no keyed entry has followed yet.
  let unsealed: number | undefined;
  const reached = new Set<AuditHead>();
  const broken = (seq: number, problem: AuditProblem): AuditCheck => ({
    verified: false,
    entries: seq - 1,
    problem,
    seq,
    keyed,
  });
  for await (const row of auditInOrder(storage.db)) {
    const expectedSeq = (previous?.seq ?? 0) + 1;
    if (row.seq !== expectedSeq) return broken(expectedSeq, 'missing');
    if (row.prev_hash !== (previous?.hash ?? GENESIS)) return broken(row.seq, 'unlinked');
    const { hash, ...content } = row;
    if (matchesKey(storage.audit.key, row)) {
      keyed = true;
      unsealed = undefined;
    } else if (!keyed && hash === entryHash(content)) unsealed ??= row.seq;
    else return broken(row.seq, 'altered');
    for (const head of heads) if (head.seq === row.seq && head.hash === hash) reached.add(head);
    entries += 1;
    previous = { seq: row.seq, hash };
  }
  if (unsealed !== undefined) return broken(unsealed, 'altered');
  const unreached = heads.find((head) => !reached.has(head));
  if (unreached) return { verified: false, entries, problem: 'unreached', head: unreached };
  return { verified: true, entries, last: previous };
}
