import type { Clock } from '#server/clock.ts';
import { SESSION_COOKIE } from '#server/panel/session-cookie.ts';
import { OPERATOR } from '#server/staff/audit.ts';
import { invite } from '#server/staff/people.ts';
import type { Role } from '#server/staff/roles.ts';
import { startSession } from '#server/staff/sessions.ts';
import { parsePanelSettings } from '#server/staff/settings.ts';
import type { TestApp } from './app';

// The panel on a host of its own (PANEL_HOST), as in production over HTTPS: the tests of its calls
// (test/server/staff/panel-calls.test.ts, panel-session-calls.test.ts, panel-team-calls.test.ts).
export const ORIGIN = 'https://panel.loteria.example.pl';
export const settings = parsePanelSettings(
  { PANEL_HOST: 'panel.loteria.example.pl' },
  'https://loteria.example.pl',
);
export const HOST = 'panel.loteria.example.pl';
export const MINUTE_MS = 60_000;

/** Staff of a test app on the panel's host, and calls to it from any origin and host. */
export function panelHostStaff(app: () => TestApp, clock: Clock) {
  /** A person with these roles, invited by the operator, and a session of theirs (as after a login). */
  let people = 0;
  async function personWith(
    roles: readonly Role[],
    email = `${roles.join('-')}-${(people += 1)}@example.pl`,
  ) {
    const t = app();
    for (const role of roles) await invite(t.storage, clock, { email, role, actor: OPERATOR });
    const person = (await t.storage.db
      .selectFrom('staff')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst())!;
    const token = await startSession(t.storage, clock, person.id, 'passkey');
    return { id: person.id, email, cookie: `${SESSION_COOKIE}=${token}` };
  }

  const call = (
    method: string,
    url: string,
    {
      cookie,
      body,
      origin = ORIGIN,
      host = HOST,
    }: { cookie?: string; body?: object; origin?: string; host?: string } = {},
  ) =>
    app().app.inject({
      method: method as 'GET',
      url,
      headers: {
        host,
        ...(cookie ? { cookie } : {}),
        ...(method === 'GET' ? {} : { origin }),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });

  return { personWith, call };
}
