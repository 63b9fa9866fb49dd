import type { Clock } from '#server/clock.ts';
import { OPERATOR } from '#server/staff/audit.ts';
import { invite } from '#server/staff/people.ts';
import type { Role } from '#server/staff/roles.ts';
import { SESSION_COOKIE, startSession } from '#server/staff/sessions.ts';
import { parsePanelSettings } from '#server/staff/settings.ts';
import type { TestApp } from './app';

/** The panel of a test app on a developer's machine (docs/api.md#staff-panel). */
export const PANEL_ORIGIN = 'http://localhost:3000';
export const panelSettings = parsePanelSettings({}, PANEL_ORIGIN);

export interface PanelPerson {
  id: string;
  email: string;
  cookie: string;
}

/**
 * Staff for a test app: each person invited by the operator with these roles and signed in (as after a
 * login), and their calls to /panel/api/ from the panel's own origin.
 */
export function panelStaff(app: () => TestApp, clock: Clock) {
  let people = 0;
  async function personWith(roles: readonly Role[]): Promise<PanelPerson> {
    const t = app();
    const email = `${roles.join('-')}-${(people += 1)}@example.pl`;
    for (const role of roles) await invite(t.storage, clock, { email, role, actor: OPERATOR });
    const person = (await t.storage.db
      .selectFrom('staff')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst())!;
    const token = await startSession(t.storage, clock, person.id, 'passkey');
    return { id: person.id, email, cookie: `${SESSION_COOKIE}=${token}` };
  }
  const call = (person: PanelPerson, method: 'GET' | 'POST', url: string, body?: object) =>
    app().app.inject({
      method,
      url: `/panel/api/${url}`,
      headers: {
        host: 'localhost:3000',
        cookie: person.cookie,
        ...(method === 'POST' ? { origin: PANEL_ORIGIN, 'content-type': 'application/json' } : {}),
      },
      ...(method === 'POST' ? { payload: JSON.stringify(body ?? {}) } : {}),
    });
  return { personWith, call };
}
