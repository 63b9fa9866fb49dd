import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '#content/staff-messages.json';
import { openOrder } from '#server/mail/orders.ts';
import { smtpTransport } from '#server/mail/transport.ts';
import { OPERATOR } from '#server/staff/audit.ts';
import { invite } from '#server/staff/people.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { softPasskey, type SoftPasskey } from '../helpers/authenticator';
import { PANEL_ORIGIN, panelSettings, panelStaff } from '../helpers/panel';
import { startTestSmtp, testDispatcher } from '../helpers/smtp';
import { storageTargets } from '../helpers/storage-targets';

// docs/decisions/staff.md#sessions, #passkey-check, #failed-logins: a session knows the passkey that opened
// it, changing one's passkeys asks for a passkey again, one can end all of one's sessions, and a passkey that
// does not open the panel is in the trail. Passkeys made in software (helpers/authenticator.ts) go through
// the server's real WebAuthn checks.

const MINUTE_MS = 60_000;
type Method = 'GET' | 'POST' | 'DELETE';

for (const target of storageTargets) {
  describe(`sessions and passkeys on ${target.name}`, () => {
    let t: TestApp;
    const now = { real: Date.parse('2026-07-10T08:00:00Z') };
    const clock = fakeClock({ real: () => now.real });

    const call = (method: Method, path: string, cookie?: string, body?: object) =>
      t.app.inject({
        method,
        url: `/panel/api/${path}`,
        headers: {
          host: 'localhost:3000',
          ...(cookie ? { cookie } : {}),
          ...(method === 'GET' ? {} : { origin: PANEL_ORIGIN, 'content-type': 'application/json' }),
        },
        ...(method === 'GET' ? {} : { payload: JSON.stringify(body ?? {}) }),
      });
    const cookieOf = (answer: { headers: Record<string, unknown> }) =>
      String(answer.headers['set-cookie']).split(';')[0]!;
    const newPasskey = () => softPasskey(PANEL_ORIGIN, panelSettings.rpId);
    const staff = panelStaff(() => t, clock);

    /** Registers `passkey` from a one-time link (an invitation's, a recovery link's): the session's answer. */
    const registerFrom = async (link: string, passkey: SoftPasskey) => {
      const token = link.split('#')[1]!;
      const options = await call('POST', 'registration/options', undefined, { token });
      return call('POST', 'registration', undefined, {
        token,
        response: passkey.register(options.json<{ options: never }>().options),
      });
    };
    /** A person invited by the operator who registers `passkey` from the link: their id and session. */
    let people = 0;
    async function registered(passkey: SoftPasskey) {
      const email = `osoba-${(people += 1)}@example.pl`;
      // A new person: the operator's invitation gives the link.
      const { link } = await invite(t.storage, clock, { email, role: 'reviewer', actor: OPERATOR });
      const answer = await registerFrom(link!, passkey);
      expect(answer.statusCode).toBe(200);
      const person = await t.storage.db
        .selectFrom('staff')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return {
        id: person.id,
        email,
        cookie: cookieOf(answer),
        setCookie: String(answer.headers['set-cookie']),
      };
    }
    const login = async (passkey: SoftPasskey, tamper?: Parameters<SoftPasskey['authenticate']>[1]) => {
      const options = await call('POST', 'login/options');
      return call('POST', 'login', undefined, { response: passkey.authenticate(options.json(), tamper) });
    };
    const reauth = async (cookie: string, passkey: SoftPasskey) => {
      const options = await call('POST', 'reauth/options', cookie);
      return call('POST', 'reauth', cookie, { response: passkey.authenticate(options.json()) });
    };
    const addPasskey = async (cookie: string, passkey: SoftPasskey) => {
      const options = await call('POST', 'passkeys/options', cookie);
      if (options.statusCode !== 200) return options;
      return call('POST', 'passkeys', cookie, { response: passkey.register(options.json()) });
    };
    const alive = async (cookie: string) => (await call('GET', 'session', cookie)).statusCode === 200;
    /** A `login-failed` entry as the trail holds it. */
    const failedLogin = (person: string | null, failure: string, during: 'login' | 'reauth') => ({
      actor: person ?? 'anonymous',
      subject: person,
      details: JSON.stringify({ failure, during }),
    });
    const entries = (action: string) =>
      t.storage.db
        .selectFrom('audit_log')
        .select(['actor', 'subject', 'details'])
        .where('action', '=', action)
        .orderBy('seq')
        .execute();

    beforeAll(async () => {
      t = await openTestApp(target, { panel: panelSettings, rateLimitMax: 10_000 }, clock);
    });
    afterAll(async () => {
      await t.close();
    });

    it('sets a cookie that ends with the browser (no Max-Age), at registration and at login', async () => {
      const passkey = newPasskey();
      const { setCookie } = await registered(passkey);
      const loggedIn = await login(passkey);
      expect(loggedIn.statusCode).toBe(200);
      for (const header of [setCookie, String(loggedIn.headers['set-cookie'])]) {
        expect(header).toMatch(/^panel_session=[\w-]{32}; Path=\/panel; HttpOnly; SameSite=Strict$/);
        expect(header).not.toMatch(/Max-Age|Expires/i);
      }
    });

    it('ends the session the browser’s cookie named when it logs in again: a new token each time', async () => {
      const passkey = newPasskey();
      const { cookie: before } = await registered(passkey);
      const options = await call('POST', 'login/options', before);
      const again = await call('POST', 'login', before, { response: passkey.authenticate(options.json()) });
      expect(again.statusCode).toBe(200);
      const after = cookieOf(again);
      expect(after).not.toBe(before);
      expect(await alive(before)).toBe(false);
      expect(await alive(after)).toBe(true);
    });

    it('ends the sessions a removed passkey opened, and only those', async () => {
      const phone = newPasskey();
      const laptop = newPasskey();
      const person = await registered(phone);
      expect((await addPasskey(person.cookie, laptop)).statusCode).toBe(200);
      const byLaptop = cookieOf(await login(laptop));
      const byPhone = cookieOf(await login(phone));

      const removed = await call('DELETE', `passkeys/${phone.id}`, byLaptop);
      expect(removed.statusCode).toBe(204);
      expect(removed.headers['set-cookie']).toBeUndefined();
      // The invitation's session and the phone's login were opened by the phone.
      expect(await alive(person.cookie)).toBe(false);
      expect(await alive(byPhone)).toBe(false);
      expect(await alive(byLaptop)).toBe(true);
      expect((await login(phone)).statusCode).toBe(401);
      expect((await entries('passkey-removed')).at(-1)).toEqual({
        actor: person.id,
        subject: person.id,
        details: JSON.stringify({ sessions: 2 }),
      });

      // The passkey of the session itself: it ends too, and its cookie is cleared.
      const tablet = newPasskey();
      expect((await addPasskey(byLaptop, tablet)).statusCode).toBe(200);
      const own = await call('DELETE', `passkeys/${laptop.id}`, byLaptop);
      expect(own.statusCode).toBe(204);
      expect(own.headers['set-cookie']).toMatch(/^panel_session=; .*Max-Age=0/);
      expect(await alive(byLaptop)).toBe(false);
    });

    it('asks for a passkey again to add or remove one after 5 minutes, and does it after a check', async () => {
      const first = newPasskey();
      const second = newPasskey();
      const person = await registered(first);
      expect((await addPasskey(person.cookie, second)).statusCode).toBe(200);
      now.real += 5 * MINUTE_MS + 1_000;

      const third = newPasskey();
      for (const refused of [
        await call('POST', 'passkeys/options', person.cookie),
        await call('POST', 'passkeys', person.cookie, { response: {} }),
        await call('DELETE', `passkeys/${second.id}`, person.cookie),
      ]) {
        expect(refused.statusCode).toBe(428);
        expect(refused.json()).toEqual({ message: messages.passkeyCheckNeeded });
      }
      expect(await alive(person.cookie)).toBe(true);

      const checked = await reauth(person.cookie, second);
      expect(checked.statusCode).toBe(204);
      expect((await addPasskey(person.cookie, third)).statusCode).toBe(200);
      expect((await call('DELETE', `passkeys/${second.id}`, person.cookie)).statusCode).toBe(204);
      expect((await entries('passkey-confirmed')).at(-1)).toEqual({
        actor: person.id,
        subject: person.id,
        details: null,
      });
      const keys = await call('GET', 'passkeys', person.cookie);
      expect(keys.json<{ id: string }[]>().map((key) => key.id)).toEqual([first.id, third.id]);

      // The check lasts 5 minutes too.
      now.real += 5 * MINUTE_MS + 1_000;
      expect((await call('DELETE', `passkeys/${third.id}`, person.cookie)).statusCode).toBe(428);
    });

    it('checks only the caller’s own passkeys, with the login’s checks', async () => {
      const mine = newPasskey();
      const theirs = newPasskey();
      const person = await registered(mine);
      const other = await registered(theirs);
      expect((await login(mine)).statusCode).toBe(200);
      now.real += 6 * MINUTE_MS;

      // Another person's passkey, on the caller's own challenge.
      const options = await call('POST', 'reauth/options', person.cookie);
      expect(options.json()).toMatchObject({
        userVerification: 'required',
        allowCredentials: [{ id: mine.id, type: 'public-key' }],
      });
      const foreign = await call('POST', 'reauth', person.cookie, {
        response: theirs.authenticate(options.json()),
      });
      expect(foreign.statusCode).toBe(401);
      expect(foreign.json()).toEqual({ message: messages.loginFailed });
      // The caller's passkey on a challenge another session asked for.
      const elsewhere = await call('POST', 'reauth/options', other.cookie);
      const stolen = await call('POST', 'reauth', person.cookie, {
        response: mine.authenticate(elsewhere.json()),
      });
      expect(stolen.statusCode).toBe(400);
      // Its counter where the login left it: a copy of the passkey.
      const again = await call('POST', 'reauth/options', person.cookie);
      const copied = await call('POST', 'reauth', person.cookie, {
        response: mine.authenticate(again.json(), { counter: 1 }),
      });
      expect(copied.statusCode).toBe(401);
      expect((await call('DELETE', `passkeys/${mine.id}`, person.cookie)).statusCode).toBe(428);
      expect((await entries('login-failed')).slice(-2)).toEqual([
        failedLogin(person.id, 'unknown-passkey', 'reauth'),
        failedLogin(person.id, 'counter-not-increased', 'reauth'),
      ]);
    });

    it('records each failed login as login-failed, with the account when known, and starts no session', async () => {
      const passkey = newPasskey();
      const person = await registered(passkey);
      const before = (await entries('login-failed')).length;
      const unknown = await login(newPasskey());
      const forged = await login(passkey, { badSignature: true });
      expect((await login(passkey)).statusCode).toBe(200);
      const replayed = await login(passkey, { counter: passkey.counter - 1 });
      for (const failed of [unknown, forged, replayed]) {
        expect(failed.statusCode).toBe(401);
        expect(failed.json()).toEqual({ message: messages.loginFailed });
        expect(failed.headers['set-cookie']).toBeUndefined();
      }
      expect((await entries('login-failed')).slice(before)).toEqual([
        failedLogin(null, 'unknown-passkey', 'login'),
        failedLogin(person.id, 'bad-signature', 'login'),
        failedLogin(person.id, 'counter-not-increased', 'login'),
      ]);
    });

    it('lists one’s own live sessions with their passkeys, this one marked', async () => {
      const phone = newPasskey();
      const person = await registered(phone);
      now.real += 2 * MINUTE_MS;
      const byLogin = cookieOf(await login(phone));
      await registered(newPasskey());
      const listed = await call('GET', 'sessions', byLogin);
      expect(listed.json()).toEqual([
        {
          createdAt: new Date(now.real).toISOString(),
          lastSeenAt: new Date(now.real).toISOString(),
          passkey: { id: phone.id, name: null, createdAt: expect.any(String) },
          current: true,
        },
        {
          createdAt: new Date(now.real - 2 * MINUTE_MS).toISOString(),
          lastSeenAt: new Date(now.real - 2 * MINUTE_MS).toISOString(),
          passkey: { id: phone.id, name: null, createdAt: expect.any(String) },
          current: false,
        },
      ]);
      expect((await call('GET', 'sessions', person.cookie)).json<{ current: boolean }[]>()).toMatchObject([
        { current: false },
        { current: true },
      ]);
      // One that ended (30 minutes without a call) is not listed.
      now.real += 29 * MINUTE_MS;
      expect(await alive(byLogin)).toBe(true);
      now.real += 2 * MINUTE_MS;
      expect((await call('GET', 'sessions', byLogin)).json()).toHaveLength(1);
    });

    it('e-mails the person at every passkey added or removed, on every path, with the change', async () => {
      const notices = async (to: string) =>
        (await t.storage.db.selectFrom('outbox').selectAll().where('kind', '=', 'passkey-changed').execute())
          .map((row) => ({ row, order: openOrder([t.statementsKey], row.id, row.sealed!) }))
          .filter(({ order }) => order.to === to);
      const first = newPasskey();
      const second = newPasskey();
      const addedAt = new Date(now.real).toISOString();
      const person = await registered(first);
      expect((await addPasskey(person.cookie, second)).statusCode).toBe(200);
      now.real += 6 * MINUTE_MS;
      // Refused (no recent check): nothing happened, nothing is told.
      expect((await call('DELETE', `passkeys/${second.id}`, person.cookie)).statusCode).toBe(428);
      expect(await notices(person.email)).toHaveLength(2);
      expect((await reauth(person.cookie, first)).statusCode).toBe(204);
      const removedAt = new Date(now.real).toISOString();
      expect((await call('DELETE', `passkeys/${second.id}`, person.cookie)).statusCode).toBe(204);

      // An admin's reset, and the recovery link's passkey.
      const admin = await staff.personWith(['admin']);
      expect((await call('POST', `staff/${person.id}/reset`, admin.cookie)).statusCode).toBe(204);
      const recovery = await t.storage.db
        .selectFrom('outbox')
        .select(['id', 'sealed'])
        .where('kind', '=', 'staff-recovery')
        .executeTakeFirstOrThrow();
      const link = openOrder([t.statementsKey], recovery.id, recovery.sealed!).facts as { url: string };
      expect((await registerFrom(link.url, newPasskey())).statusCode).toBe(200);

      const told = await notices(person.email);
      const facts = told.map(({ order }) => order.facts as { at: string; change: string });
      expect(facts.sort((a, b) => `${a.at}${a.change}`.localeCompare(`${b.at}${b.change}`))).toEqual([
        { kind: 'passkey-changed', change: 'added', at: addedAt },
        { kind: 'passkey-changed', change: 'added', at: addedAt },
        { kind: 'passkey-changed', change: 'added', at: removedAt },
        { kind: 'passkey-changed', change: 'removed', at: removedAt },
      ]);
      expect(told.map(({ row }) => [row.claim_id, row.state])).toEqual(Array(4).fill([null, 'queued']));

      // Sent as any mail: its kind in X-Loteria-Kind, Polish plain text.
      const smtp = await startTestSmtp();
      const transport = smtpTransport(smtp.url, undefined);
      try {
        // Rounds until the queue is empty: earlier tests' mail shares it, a round takes a batch.
        const dispatcher = testDispatcher(t, clock, transport, PANEL_ORIGIN);
        while ((await dispatcher.sendDue()) > 0);
        const sent = smtp.received.filter(
          (mail) => mail.to === person.email && mail.kind === 'passkey-changed',
        );
        expect(sent.map((mail) => mail.parsed.subject)).toEqual(
          expect.arrayContaining([
            'Dodano klucz dostępu do Twojego konta w panelu loterii „Wakacyjna Loteria”',
            'Usunięto klucz dostępu z Twojego konta w panelu loterii „Wakacyjna Loteria”',
          ]),
        );
        expect(sent).toHaveLength(4);
        expect(sent[0]!.parsed.text).toContain('Jeśli to Ty, nie musisz nic robić.');
      } finally {
        transport.close();
        await smtp.stop();
      }
    });

    it('ends every session of the caller, this one too, with Wyloguj wszędzie', async () => {
      const passkey = newPasskey();
      const person = await registered(passkey);
      const second = cookieOf(await login(passkey));
      const someoneElse = await registered(newPasskey());
      const ended = await call('POST', 'logout-everywhere', second);
      expect(ended.statusCode).toBe(204);
      expect(ended.headers['set-cookie']).toMatch(/^panel_session=; .*Max-Age=0/);
      expect(await alive(second)).toBe(false);
      expect(await alive(person.cookie)).toBe(false);
      expect(await alive(someoneElse.cookie)).toBe(true);
      expect((await entries('logout-everywhere')).at(-1)).toEqual({
        actor: person.id,
        subject: person.id,
        details: JSON.stringify({ sessions: 2 }),
      });
    });
  });
}

describe('failed logins', () => {
  it('are written no faster than the login calls are limited per client address', async () => {
    const clock = fakeClock();
    const t = await openTestApp(storageTargets[0]!, { panel: panelSettings, rateLimitMax: 3 }, clock);
    try {
      const call = (url: string, body: object) =>
        t.app.inject({
          method: 'POST',
          url: `/panel/api/${url}`,
          headers: { host: 'localhost:3000', origin: PANEL_ORIGIN, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
      const stranger = softPasskey(PANEL_ORIGIN, panelSettings.rpId);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const options = await call('login/options', {});
        statuses.push(options.statusCode);
        if (options.statusCode !== 200) continue;
        statuses.push((await call('login', { response: stranger.authenticate(options.json()) })).statusCode);
      }
      expect(statuses).toEqual([200, 401, 200, 401, 200, 401, 429, 429]);
      const failed = await t.storage.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'login-failed')
        .execute();
      expect(failed).toHaveLength(3);
    } finally {
      await t.close();
    }
  });
});
