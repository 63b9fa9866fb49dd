import type { Clock } from '#server/clock.ts';
import { OPERATOR } from '#server/staff/audit.ts';
import { invite } from '#server/staff/people.ts';
import type { Role } from '#server/staff/roles.ts';
import { SESSION_COOKIE } from '#server/panel/session-cookie.ts';
import { startSession } from '#server/staff/sessions.ts';
import { parsePanelSettings } from '#server/staff/settings.ts';
import type { TierId } from '#shared/campaign.ts';
import { postStatement, type TestApp } from './app';
import { validStatement } from './statement-fixtures';

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
  const call = (person: PanelPerson, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) =>
    app().app.inject({
      method,
      url: `/panel/api/${url}`,
      headers: {
        host: 'localhost:3000',
        cookie: person.cookie,
        ...(method === 'GET' ? {} : { origin: PANEL_ORIGIN, 'content-type': 'application/json' }),
      },
      ...(method === 'GET' ? {} : { payload: JSON.stringify(body ?? {}) }),
    });
  return { personWith, call };
}

/**
 * Sends the fixture's statement for each (tier, code), with its link's hash where the tier has one, and
 * gives each tier's statement id and reference: what the panel shows of it.
 */
export async function sendStatements(
  t: TestApp,
  codes: ReadonlyArray<readonly [TierId, string]>,
  hashes: ReadonlyMap<string, string>,
) {
  const sent = new Map<string, { id: string; reference: string }>();
  for (const [tier, code] of codes) {
    const answer = await postStatement(t, validStatement(tier, code, hashes.get(code) ?? null));
    if (answer.statusCode !== 201) throw new Error(`${tier}: ${answer.statusCode} ${answer.body}`);
    const row = await t.storage.db
      .selectFrom('statements')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    sent.set(tier, { id: row.id, reference: answer.json<{ reference: string }>().reference });
  }
  return sent;
}
