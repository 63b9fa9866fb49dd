import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PanelSettings } from '../staff/settings';

// docs/decisions/staff.md#sessions: the session's token travels in this cookie, read from a request and
// written on a reply by the panel's HTTP shell; the staff rules (staff/sessions.ts) know only the token.

export const SESSION_COOKIE = 'panel_session';

export function sessionToken(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}

function cookie(settings: PanelSettings, value: string, expiry: string): string {
  const secure = settings.secureCookie ? '; Secure' : '';
  return `${SESSION_COOKIE}=${value}; Path=/panel; HttpOnly; SameSite=Strict${expiry}${secure}`;
}

/** docs/decisions/staff.md#sessions: no Max-Age, so the cookie ends with the browser; the server ends it sooner. */
export const setSessionCookie = (reply: FastifyReply, settings: PanelSettings, token: string) =>
  reply.header('set-cookie', cookie(settings, token, ''));

export const clearSessionCookie = (reply: FastifyReply, settings: PanelSettings) =>
  reply.header('set-cookie', cookie(settings, '', '; Max-Age=0'));
