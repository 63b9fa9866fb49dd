import type { FastifyReply, FastifyRequest } from 'fastify';
import { isoAt, type Clock } from '../clock';
import { digestOf, newLinkHash } from '../crypto/secrets';
import type { Storage } from '../db';
import { deleteSession, insertSession, loggedIn, sessionByDigest, touchSession } from '../db/staff';
import type { StaffLinkKind } from '../db/types';
import { appendAudit } from './audit';
import type { PanelSettings } from './settings';

/** docs/decisions/staff.md#sessions: 30 minutes without a call end a session, and 8 hours after login at most. */
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_MAX_MS = 8 * 60 * 60_000;
/** A session's last call is written at most this often: a page of calls costs one write, not one each. */
const TOUCH_INTERVAL_MS = 60_000;

export const SESSION_COOKIE = 'panel_session';

export interface StaffSession {
  tokenDigest: string;
  staffId: string;
  email: string;
  roles: string[];
  createdAtMs: number;
  lastSeenAtMs: number;
}

/**
 * Starts a session for a person who just proved a passkey (`via` their invitation, recovery link or a login), recorded in
 * the audit trail in the same transaction: its token for the cookie.
 */
export async function startSession(
  storage: Storage,
  clock: Clock,
  staffId: string,
  via: StaffLinkKind | 'passkey',
): Promise<string> {
  const { hash: token, digest } = newLinkHash();
  const now = isoAt(clock.real());
  await storage.db.transaction().execute(async (trx) => {
    await insertSession(trx, { token_digest: digest, staff_id: staffId, created_at: now, last_seen_at: now });
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

/** The session a cookie's token names, if it is still alive; an ended one is removed. */
export async function readSession(
  storage: Storage,
  clock: Clock,
  token: string,
): Promise<StaffSession | undefined> {
  const tokenDigest = digestOf(token);
  const row = await sessionByDigest(storage.db, tokenDigest);
  if (!row) return undefined;
  const nowMs = clock.real();
  const createdAtMs = Date.parse(row.created_at);
  const lastSeenAtMs = Date.parse(row.last_seen_at);
  if (nowMs - lastSeenAtMs >= SESSION_IDLE_MS || nowMs - createdAtMs >= SESSION_MAX_MS) {
    await deleteSession(storage.db, tokenDigest);
    return undefined;
  }
  if (nowMs - lastSeenAtMs >= TOUCH_INTERVAL_MS) await touchSession(storage.db, tokenDigest, isoAt(nowMs));
  return {
    tokenDigest,
    staffId: row.staff_id,
    email: row.email,
    roles: row.roles,
    createdAtMs,
    lastSeenAtMs: nowMs,
  };
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

export function sessionToken(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}

function cookie(settings: PanelSettings, value: string, maxAgeS: number): string {
  const secure = settings.secureCookie ? '; Secure' : '';
  return `${SESSION_COOKIE}=${value}; Path=/panel; HttpOnly; SameSite=Strict; Max-Age=${maxAgeS}${secure}`;
}

export const setSessionCookie = (reply: FastifyReply, settings: PanelSettings, token: string) =>
  reply.header('set-cookie', cookie(settings, token, SESSION_MAX_MS / 1000));

export const clearSessionCookie = (reply: FastifyReply, settings: PanelSettings) =>
  reply.header('set-cookie', cookie(settings, '', 0));
