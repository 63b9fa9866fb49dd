import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '#content/staff-messages.json';
import { invite } from '#server/staff/people.ts';
import { OPERATOR } from '#server/staff/audit.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { HOST, MINUTE_MS, ORIGIN, panelHostStaff, settings } from '../helpers/panel-host';
import { storageTargets } from '../helpers/storage-targets';

// The panel's session calls: invitations, login, a session's limits, logout, and the limit on login attempts.

for (const target of storageTargets) {
  describe(`the panel's session calls on ${target.name}`, () => {
    let t: TestApp;
    const now = { real: Date.parse('2026-07-10T08:00:00Z') };
    const clock = fakeClock({ real: () => now.real });
    const { personWith, call } = panelHostStaff(() => t, clock);

    beforeAll(async () => {
      t = await openTestApp(target, { panel: settings, rateLimitMax: 10_000 }, clock);
    });
    afterAll(async () => {
      await t.close();
    });

    it('refuses an unknown, used or expired invitation with a Polish 404', async () => {
      const unknown = await call('POST', '/panel/api/registration/options', {
        body: { token: 'x'.repeat(32) },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: messages.invitationUnknown });
      const { link } = await invite(t.storage, clock, {
        email: 'late@example.pl',
        role: 'payout',
        actor: OPERATOR,
      });
      now.real += 24 * 60 * MINUTE_MS;
      const expired = await call('POST', '/panel/api/registration/options', {
        body: { token: link!.split('#')[1] },
      });
      expect(expired.statusCode).toBe(404);
    });

    it('refuses a login whose passkey does not check, and starts no session', async () => {
      const answer = await call('POST', '/panel/api/login', {
        body: { response: { id: 'abc', response: { clientDataJSON: 'e30' } } },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: messages.passkeyRejected });
      expect(answer.headers['set-cookie']).toBeUndefined();
    });

    it('ends a session after 30 minutes without a call, and 8 hours after login whatever the calls', async () => {
      const person = await personWith(['reviewer']);
      now.real += 29 * MINUTE_MS;
      expect((await call('GET', '/panel/api/session', { cookie: person.cookie })).statusCode).toBe(200);
      now.real += 30 * MINUTE_MS;
      expect((await call('GET', '/panel/api/session', { cookie: person.cookie })).statusCode).toBe(401);

      const busy = await personWith(['reviewer'], 'busy@example.pl');
      const session = await call('GET', '/panel/api/session', { cookie: busy.cookie });
      expect(Date.parse(session.json<{ endsAt: string }>().endsAt)).toBe(now.real + 8 * 60 * MINUTE_MS);
      for (let minutes = 0; minutes < 8 * 60 - 20; minutes += 20) {
        now.real += 20 * MINUTE_MS;
        expect((await call('GET', '/panel/api/session', { cookie: busy.cookie })).statusCode).toBe(200);
      }
      now.real += 20 * MINUTE_MS;
      expect((await call('GET', '/panel/api/session', { cookie: busy.cookie })).statusCode).toBe(401);
    });

    it('ends the session at logout, and clears the cookie', async () => {
      const person = await personWith(['payout']);
      const logout = await call('POST', '/panel/api/logout', { cookie: person.cookie, body: {} });
      expect(logout.statusCode).toBe(204);
      expect(logout.headers['set-cookie']).toMatch(
        /^panel_session=; Path=\/panel; HttpOnly; SameSite=Strict; Max-Age=0; Secure$/,
      );
      expect((await call('GET', '/panel/api/session', { cookie: person.cookie })).statusCode).toBe(401);
    });
  });
}

describe('login attempts', () => {
  it('are limited per client address like the statement calls', async () => {
    const t = await openTestApp(storageTargets[0]!, { panel: settings, rateLimitMax: 3 });
    try {
      const attempt = () =>
        t.app.inject({
          method: 'POST',
          url: '/panel/api/login',
          headers: { host: HOST, origin: ORIGIN, 'content-type': 'application/json' },
          payload: '{"response":{}}',
        });
      for (let count = 0; count < 3; count += 1) expect((await attempt()).statusCode).toBe(400);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['cache-control']).toBe('no-store');
    } finally {
      await t.close();
    }
  });
});
