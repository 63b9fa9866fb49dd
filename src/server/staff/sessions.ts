import messages from '#content/staff-messages.json';
import { isoAt, type Clock } from '../clock';
import { digestOf, newLinkHash } from '../crypto/secrets';
import type { Storage } from '../db';
import {
  deleteSession,
  deleteSessionsOf,
  insertSession,
  loggedIn,
  sessionByDigest,
  sessionsOf,
  updateSession,
} from '../db/staff';
import { DomainError } from '../domain-errors';
import type { StaffLinkKind } from '../db/types';
import { appendAudit } from './audit';

/** docs/decisions/staff.md#sessions: 30 minutes without a call end a session, and 8 hours after login at most. */
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_MAX_MS = 8 * 60 * 60_000;
/** A session's last call is written at most this often: a page of calls costs one write, not one each. */
const TOUCH_INTERVAL_MS = 60_000;
/** docs/decisions/staff.md#passkey-check: how recent a passkey check adding or removing a passkey needs. */
export const PASSKEY_CHECK_MS = 5 * 60_000;

export interface StaffSession {
  tokenDigest: string;
  staffId: string;
  email: string;
  roles: string[];
  createdAtMs: number;
  lastSeenAtMs: number;
  /** The passkey that opened it; null for a session opened before sessions knew it. */
  passkeyId: string | null;
  /** When it last proved a passkey. */
  verifiedAtMs: number;
}

/**
 * Starts a session for a person who just proved `passkeyId` (registered `via` their invitation or recovery
 * link, or a login), recorded in the audit trail in the same transaction: its token, for the browser to
 * keep. Tests open sessions without a passkey. `replaces`: the token the browser sent, whose session ends
 * (ASVS 5.0 7.2.4: a new token at each authentication, and the one before no longer works).
 */
export async function startSession(
  storage: Storage,
  clock: Clock,
  staffId: string,
  via: StaffLinkKind | 'passkey',
  passkeyId?: string,
  replaces?: string,
): Promise<string> {
  const { hash: token, digest } = newLinkHash();
  const now = isoAt(clock.real());
  await storage.db.transaction().execute(async (trx) => {
    // docs/decisions/staff.md#sessions: a login replaces the session its browser named, if any.
    if (replaces) await deleteSession(trx, digestOf(replaces));
    await insertSession(trx, {
      token_digest: digest,
      staff_id: staffId,
      created_at: now,
      last_seen_at: now,
      passkey_id: passkeyId ?? null,
      verified_at: now,
    });
    await loggedIn(trx, staffId, now);
    await appendAudit(trx, storage, clock, {
      actor: staffId,
      action: 'login',
      subject: staffId,
      details: { via },
    });
  });
  return token;
}

/** The session a token names, if it is still alive; an ended one is removed. */
export async function readSession(
  storage: Storage,
  clock: Clock,
  token: string,
): Promise<StaffSession | undefined> {
  const tokenDigest = digestOf(token);
  const row = await sessionByDigest(storage.db, tokenDigest);
  if (!row) return undefined;
  const nowMs = clock.real();
  if (!alive(row, nowMs)) {
    await deleteSession(storage.db, tokenDigest);
    return undefined;
  }
  const lastSeenAtMs = Date.parse(row.last_seen_at);
  if (nowMs - lastSeenAtMs >= TOUCH_INTERVAL_MS)
    await updateSession(storage.db, tokenDigest, { last_seen_at: isoAt(nowMs) });
  return {
    tokenDigest,
    staffId: row.staff_id,
    email: row.email,
    roles: row.roles,
    createdAtMs: Date.parse(row.created_at),
    lastSeenAtMs: nowMs,
    passkeyId: row.passkey_id,
    verifiedAtMs: Date.parse(row.verified_at),
  };
}

/** Whether a session is within its limits: 30 minutes since its last call, 8 hours since its login. */
const alive = (row: { created_at: string; last_seen_at: string }, nowMs: number) =>
  nowMs - Date.parse(row.last_seen_at) < SESSION_IDLE_MS &&
  nowMs - Date.parse(row.created_at) < SESSION_MAX_MS;

/**
 * docs/decisions/staff.md#passkey-check: adding or removing a passkey needs a passkey proved in the last 5
 * minutes; else a `passkey-check-needed` refusal (428), which the panel answers with a check
 * (`POST /panel/api/reauth`) and the call again.
 */
export function requirePasskeyCheck(clock: Clock, session: StaffSession) {
  if (clock.real() - session.verifiedAtMs > PASSKEY_CHECK_MS)
    throw new DomainError('passkey-check-needed', messages.passkeyCheckNeeded);
}

/** One's live sessions, newest first: when each began and was last used, its passkey, which one is this. */
export async function sessionList(storage: Storage, clock: Clock, session: StaffSession) {
  const nowMs = clock.real();
  return (await sessionsOf(storage.db, session.staffId))
    .filter((row) => alive(row, nowMs))
    .map((row) => ({
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      passkey:
        row.passkey_id === null || row.passkey_created_at === null
          ? null
          : { id: row.passkey_id, name: row.passkey_name, createdAt: row.passkey_created_at },
      current: row.token_digest === session.tokenDigest,
    }));
}

/** Logout: the session ends, recorded in the same transaction. */
export const endSession = (storage: Storage, clock: Clock, session: StaffSession) =>
  storage.db.transaction().execute(async (trx) => {
    await deleteSession(trx, session.tokenDigest);
    await appendAudit(trx, storage, clock, {
      actor: session.staffId,
      action: 'logout',
      subject: session.staffId,
    });
  });

/** 'Wyloguj wszędzie': every session of the person ends, this one too, recorded in the same transaction. */
export const endAllSessions = (storage: Storage, clock: Clock, session: StaffSession) =>
  storage.db.transaction().execute(async (trx) => {
    const ended = await deleteSessionsOf(trx, session.staffId);
    await appendAudit(trx, storage, clock, {
      actor: session.staffId,
      action: 'logout-everywhere',
      subject: session.staffId,
      details: { sessions: ended },
    });
  });
