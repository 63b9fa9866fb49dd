import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '#content/staff-messages.json';
import { invite } from '#server/staff/people.ts';
import { ROLES, type Role } from '#server/staff/roles.ts';
import { SESSION_COOKIE, startSession } from '#server/staff/sessions.ts';
import { parsePanelSettings } from '#server/staff/settings.ts';
import { OPERATOR } from '#server/staff/audit.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { storageTargets } from '../helpers/storage-targets';

const ORIGIN = 'https://panel.loteria.example.pl';
const settings = parsePanelSettings({ PANEL_HOST: 'panel.loteria.example.pl' }, 'https://loteria.example.pl');
const HOST = 'panel.loteria.example.pl';
const MINUTE_MS = 60_000;

/**
 * Every panel call with the roles that may use it (docs/api.md#staff-panel), written out here on its own
 * (not read from the routes): the matrix below proves each one refuses everyone else.
 */
const CALLS: { method: string; url: string; body?: object; roles: readonly Role[] | 'any' }[] = [
  { method: 'GET', url: '/panel/api/session', roles: 'any' },
  { method: 'POST', url: '/panel/api/logout', body: {}, roles: 'any' },
  { method: 'GET', url: '/panel/api/overview', roles: 'any' },
  { method: 'GET', url: '/panel/api/passkeys', roles: 'any' },
  { method: 'POST', url: '/panel/api/passkeys/options', body: {}, roles: 'any' },
  { method: 'POST', url: '/panel/api/passkeys', body: { response: {} }, roles: 'any' },
  { method: 'DELETE', url: '/panel/api/passkeys/nieznany', roles: 'any' },
  { method: 'POST', url: '/panel/api/reauth/options', body: {}, roles: 'any' },
  { method: 'POST', url: '/panel/api/reauth', body: { response: {} }, roles: 'any' },
  { method: 'GET', url: '/panel/api/sessions', roles: 'any' },
  { method: 'POST', url: '/panel/api/logout-everywhere', body: {}, roles: 'any' },
  { method: 'GET', url: '/panel/api/staff', roles: ['admin'] },
  {
    method: 'POST',
    url: '/panel/api/staff/invitations',
    body: { email: 'nowa@example.pl', role: 'reviewer' },
    roles: ['admin'],
  },
  { method: 'PUT', url: '/panel/api/staff/nieznany/roles', body: { roles: ['reviewer'] }, roles: ['admin'] },
  { method: 'POST', url: '/panel/api/staff/nieznany/reset', body: {}, roles: ['admin'] },
  { method: 'DELETE', url: '/panel/api/staff/nieznany', roles: ['admin'] },
  { method: 'GET', url: '/panel/api/audit', roles: ['auditor'] },
  { method: 'GET', url: '/panel/api/review/queue', roles: ['reviewer', 'approver'] },
  { method: 'POST', url: '/panel/api/review/next', body: {}, roles: ['reviewer'] },
  { method: 'GET', url: '/panel/api/review/statements/nieznany', roles: ['reviewer', 'approver'] },
  { method: 'GET', url: '/panel/api/review/statements/nieznany/image', roles: ['reviewer', 'approver'] },
  {
    method: 'POST',
    url: '/panel/api/review/statements/nieznany/reveal',
    body: { field: 'pesel', reason: 'identity' },
    roles: ['reviewer', 'approver'],
  },
  { method: 'POST', url: '/panel/api/review/statements/nieznany/take', body: {}, roles: ['reviewer'] },
  {
    method: 'POST',
    url: '/panel/api/review/statements/nieznany/decision',
    body: { outcome: 'accept' },
    roles: ['reviewer'],
  },
  {
    method: 'POST',
    url: '/panel/api/review/statements/nieznany/approval',
    body: { outcome: 'confirm' },
    roles: ['approver'],
  },
  { method: 'POST', url: '/panel/api/review/statements/nieznany/give-back', body: {}, roles: ['reviewer'] },
  { method: 'POST', url: '/panel/api/review/statements/nieznany/release', body: {}, roles: ['approver'] },
  {
    method: 'POST',
    url: '/panel/api/review/statements/nieznany/undo',
    body: {},
    roles: ['reviewer', 'approver'],
  },
  { method: 'POST', url: '/panel/api/review/claims/nieznany/reserve', body: {}, roles: ['approver'] },
  { method: 'GET', url: '/panel/api/payouts', roles: ['payout'] },
  { method: 'POST', url: '/panel/api/payouts/export', body: { ids: ['nieznany'] }, roles: ['payout'] },
  { method: 'POST', url: '/panel/api/payouts/paid', body: { ids: ['nieznany'] }, roles: ['payout'] },
  {
    method: 'POST',
    url: '/panel/api/payouts/undo',
    body: { reference: 'NIEZ-NANY', reason: 'Przelew wrócił' },
    roles: ['payout'],
  },
];
/** Login and registration: no session needed (an invitation or a passkey instead). */
const PUBLIC_CALLS = [
  '/panel/api/registration/options',
  '/panel/api/registration',
  '/panel/api/login/options',
  '/panel/api/login',
];

for (const target of storageTargets) {
  describe(`the panel's calls on ${target.name}`, () => {
    let t: TestApp;
    const now = { real: Date.parse('2026-07-10T08:00:00Z') };
    const clock = fakeClock({ real: () => now.real });

    /** A person with these roles, invited by the operator, and a session of theirs (as after a login). */
    let people = 0;
    async function personWith(
      roles: readonly Role[],
      email = `${roles.join('-')}-${(people += 1)}@example.pl`,
    ) {
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
      t.app.inject({
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

    beforeAll(async () => {
      t = await openTestApp(target, { panel: settings, rateLimitMax: 10_000 }, clock);
    });
    afterAll(async () => {
      await t.close();
    });

    it('lists every call it registers under /panel/api/ in the matrix', () => {
      // printRoutes draws a tree: each line's path continues its parent's, one level per 4 columns.
      const registered: string[] = [];
      const parents: string[] = [];
      for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
        const match = /^([│ ]*)[└├]── (\S+)(?: \(([^)]+)\))?/.exec(line);
        if (!match) continue;
        const depth = match[1]!.length / 4;
        parents.length = depth;
        const full = `${parents.join('')}${match[2]!}`;
        parents.push(match[2]!);
        if (!full.startsWith('/panel/api/') || !match[3]) continue;
        for (const method of match[3].split(', '))
          if (method !== 'HEAD') registered.push(`${method} ${full}`);
      }
      const known = [
        ...CALLS.map(({ method, url }) => `${method} ${url.replace(/nieznany/, ':id')}`),
        ...PUBLIC_CALLS.map((url) => `POST ${url}`),
      ];
      expect(registered.sort()).toEqual(known.sort());
    });

    it.each(CALLS)('$method $url answers 401 without a session', async ({ method, url, body }) => {
      const answer = await call(method, url, { body });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: messages.sessionMissing });
      expect(answer.headers['cache-control']).toBe('no-store');
    });

    it.each(CALLS)(
      '$method $url refuses every role but its own ($roles)',
      async ({ method, url, body, roles }) => {
        for (const role of ROLES) {
          const person = await personWith([role]);
          const answer = await call(method, url, { cookie: person.cookie, body });
          if (roles === 'any' || roles.includes(role)) expect([401, 403]).not.toContain(answer.statusCode);
          else {
            expect(answer.statusCode, role).toBe(403);
            expect(answer.json()).toEqual({ message: messages.roleMissing });
          }
        }
      },
    );

    it('refuses a state-changing call from another origin, or without one, whatever the session', async () => {
      const admin = await personWith(['admin']);
      for (const origin of ['https://evil.example', 'https://loteria.example.pl', '']) {
        const answer = await call('POST', '/panel/api/staff/invitations', {
          cookie: admin.cookie,
          origin,
          body: { email: 'x@example.pl', role: 'reviewer' },
        });
        expect(answer.statusCode).toBe(403);
        expect(answer.json()).toEqual({ message: messages.foreignOrigin });
      }
      const login = await call('POST', '/panel/api/login/options', {
        origin: 'https://evil.example',
        body: {},
      });
      expect(login.statusCode).toBe(403);
      const people = await t.storage.db
        .selectFrom('staff')
        .select('email')
        .where('email', '=', 'x@example.pl')
        .execute();
      expect(people).toEqual([]);
    });

    it('takes the relying party from its configuration, never from the Host header', async () => {
      const options = await call('POST', '/panel/api/login/options', { body: {} });
      expect(options.statusCode).toBe(200);
      expect(options.json()).toMatchObject({
        rpId: 'panel.loteria.example.pl',
        userVerification: 'required',
      });
      const { link } = await invite(t.storage, clock, {
        email: 'rp@example.pl',
        role: 'reviewer',
        actor: OPERATOR,
      });
      const registration = await call('POST', '/panel/api/registration/options', {
        body: { token: link!.split('#')[1] },
      });
      expect(registration.json()).toMatchObject({
        email: 'rp@example.pl',
        roles: ['reviewer'],
        options: {
          rp: { id: 'panel.loteria.example.pl' },
          authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        },
      });
    });

    it('answers only its own host with PANEL_HOST: another host gets a 404', async () => {
      const admin = await personWith(['admin']);
      const elsewhere = await call('GET', '/panel/api/session', {
        cookie: admin.cookie,
        host: 'loteria.example.pl',
      });
      expect(elsewhere.statusCode).toBe(404);
      expect((await call('GET', '/panel/api/session', { cookie: admin.cookie })).statusCode).toBe(200);
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

    it('ends the sessions of a person whose roles change or who is revoked, at once', async () => {
      const admin = await personWith(['admin']);
      const reviewer = await personWith(['reviewer'], 'changing@example.pl');
      const changed = await call('PUT', `/panel/api/staff/${reviewer.id}/roles`, {
        cookie: admin.cookie,
        body: { roles: ['reviewer', 'approver'] },
      });
      expect(changed.json()).toEqual({
        id: reviewer.id,
        email: 'changing@example.pl',
        roles: ['reviewer', 'approver'],
      });
      expect((await call('GET', '/panel/api/session', { cookie: reviewer.cookie })).statusCode).toBe(401);

      const again = await startSession(t.storage, clock, reviewer.id, 'passkey');
      const revoked = await call('DELETE', `/panel/api/staff/${reviewer.id}`, { cookie: admin.cookie });
      expect(revoked.statusCode).toBe(204);
      expect(
        (await call('GET', '/panel/api/session', { cookie: `${SESSION_COOKIE}=${again}` })).statusCode,
      ).toBe(401);
      const people = await call('GET', '/panel/api/staff', { cookie: admin.cookie });
      const ids = people.json<{ people: { id: string }[] }>().people.map((person) => person.id);
      expect(ids).toContain(admin.id);
      expect(ids).not.toContain(reviewer.id);
    });

    it('keeps the last admin: they can neither drop the role nor revoke themself', async () => {
      await t.storage.db.deleteFrom('staff_roles').where('role', '=', 'admin').execute();
      const admin = await personWith(['admin'], 'only-admin@example.pl');
      // docs/decisions/staff.md#own-roles: nobody changes their own roles, the last admin least of all.
      const drop = await call('PUT', `/panel/api/staff/${admin.id}/roles`, {
        cookie: admin.cookie,
        body: { roles: ['auditor'] },
      });
      expect(drop.statusCode).toBe(403);
      expect(drop.json()).toEqual({ message: messages.ownRoles });
      expect(
        (await call('DELETE', `/panel/api/staff/${admin.id}`, { cookie: admin.cookie })).statusCode,
      ).toBe(409);
      expect((await call('GET', '/panel/api/session', { cookie: admin.cookie })).statusCode).toBe(200);

      const second = await personWith(['admin'], 'second-admin@example.pl');
      const handOver = await call('PUT', `/panel/api/staff/${admin.id}/roles`, {
        cookie: second.cookie,
        body: { roles: ['auditor'] },
      });
      expect(handOver.statusCode).toBe(200);
    });

    it('invites from the panel by mail, and adds a role to a person invited before', async () => {
      const admin = await personWith(['admin']);
      const invited = await call('POST', '/panel/api/staff/invitations', {
        cookie: admin.cookie,
        body: { email: ' Anna.Nowak@Example.pl ', role: 'reviewer' },
      });
      expect(invited.json()).toEqual({ email: 'anna.nowak@example.pl', role: 'reviewer', mailed: true });
      // docs/decisions/staff.md#people-and-roles: her invitation still open, she has an account: the role is
      // added, and no second link is made or mailed.
      const more = await call('POST', '/panel/api/staff/invitations', {
        cookie: admin.cookie,
        body: { email: 'anna.nowak@example.pl', role: 'approver' },
      });
      expect(more.json()).toEqual({ email: 'anna.nowak@example.pl', role: 'approver', mailed: false });
      const links = await t.storage.db
        .selectFrom('staff_invitations')
        .innerJoin('staff', 'staff.id', 'staff_invitations.staff_id')
        .where('staff.email', '=', 'anna.nowak@example.pl')
        .select('token_digest')
        .execute();
      expect(links).toHaveLength(1);
      const people = (await call('GET', '/panel/api/staff', { cookie: admin.cookie })).json<{
        people: { email: string; roles: string[]; passkeys: number; invitedUntil: string }[];
      }>().people;
      expect(people.find((person) => person.email === 'anna.nowak@example.pl')).toMatchObject({
        roles: ['approver', 'reviewer'],
        passkeys: 0,
        invitedUntil: new Date(now.real + 24 * 60 * MINUTE_MS).toISOString(),
      });
      for (const body of [
        { email: 'nie-adres', role: 'reviewer' },
        { email: 'a@example.pl', role: 'szef' },
      ]) {
        const refused = await call('POST', '/panel/api/staff/invitations', { cookie: admin.cookie, body });
        expect(refused.statusCode).toBe(400);
      }
    });

    it('lists an invitation that ended unused, for the admin to invite again', async () => {
      const admin = await personWith(['admin']);
      await call('POST', '/panel/api/staff/invitations', {
        cookie: admin.cookie,
        body: { email: 'late@example.pl', role: 'auditor' },
      });
      const until = new Date(now.real + 24 * 60 * MINUTE_MS).toISOString();
      const late = async () =>
        (await call('GET', '/panel/api/staff', { cookie: admin.cookie }))
          .json<{ people: { email: string }[] }>()
          .people.find((person) => person.email === 'late@example.pl');
      expect(await late()).toMatchObject({ invitedUntil: until, invitationExpiredAt: null });
      now.real += 25 * 60 * MINUTE_MS;
      const session = await startSession(t.storage, clock, admin.id, 'passkey');
      admin.cookie = `${SESSION_COOKIE}=${session}`;
      expect(await late()).toMatchObject({ invitedUntil: null, invitationExpiredAt: until, passkeys: 0 });
    });

    it('records what staff do in the audit trail, with ids and never an address, for the auditor to filter', async () => {
      const admin = await personWith(['admin']);
      const auditor = await personWith(['auditor']);
      await call('POST', '/panel/api/staff/invitations', {
        cookie: admin.cookie,
        body: { email: 'audited@example.pl', role: 'payout' },
      });
      const page = await call('GET', `/panel/api/audit?action=invitation&actor=${admin.id}`, {
        cookie: auditor.cookie,
      });
      const { entries } = page.json<{
        entries: { actor: string; action: string; subject: string; details: object }[];
      }>();
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actor: admin.id,
        action: 'invitation',
        details: { role: 'payout' },
      });
      const everything = JSON.stringify(await t.storage.db.selectFrom('audit_log').selectAll().execute());
      expect(everything).not.toMatch(/@example\.pl/);

      const today = new Date(now.real).toISOString().slice(0, 10);
      const dated = await call('GET', `/panel/api/audit?from=${today}&to=${today}`, {
        cookie: auditor.cookie,
      });
      expect(dated.json<{ entries: unknown[] }>().entries.length).toBeGreaterThan(0);
      const past = await call('GET', '/panel/api/audit?from=2020-01-01&to=2020-01-31', {
        cookie: auditor.cookie,
      });
      expect(past.json()).toEqual({ entries: [], next: null, people: {}, statements: {}, claims: {} });
      const bad = await call('GET', '/panel/api/audit?from=wczoraj', { cookie: auditor.cookie });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: messages.auditFilterInvalid });
    });

    it('pages the audit trail newest first, 50 at a time', async () => {
      const auditor = await personWith(['auditor']);
      const first = (await call('GET', '/panel/api/audit', { cookie: auditor.cookie })).json<{
        entries: { seq: number }[];
        next: number;
      }>();
      expect(first.entries).toHaveLength(50);
      const seqs = first.entries.map((entry) => entry.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
      const second = (
        await call('GET', `/panel/api/audit?before=${first.next}`, { cookie: auditor.cookie })
      ).json<{
        entries: { seq: number }[];
      }>();
      expect(second.entries[0]!.seq).toBe(first.entries.at(-1)!.seq - 1);
    });

    it('shows every signed-in role the first screen: status per tier and the mail outbox', async () => {
      const payout = await personWith(['payout']);
      const overview = (await call('GET', '/panel/api/overview', { cookie: payout.cookie })).json<{
        tiers: { tier: string }[];
        mail: { kind: string }[];
      }>();
      expect(overview.tiers.map((line) => line.tier)).toEqual(['I', 'II', 'III', 'IV', 'V', 'VI', 'WINTO']);
      expect(overview.tiers[0]).toEqual({
        tier: 'I',
        claims: 0,
        received: 0,
        waiting: 0,
        overdue: 0,
        accepted: 0,
        rejected: 0,
        reopened: 0,
        passedOn: 0,
      });
      expect(overview.mail.map((line) => line.kind)).toEqual([
        'link',
        'reminder',
        'received',
        'verdict',
        'invitation',
        'staff-recovery',
        'passkey-changed',
      ]);
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
