import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '#content/staff-messages.json';
import { invite } from '#server/staff/people.ts';
import { ROLES, type Role } from '#server/staff/roles.ts';
import { OPERATOR } from '#server/staff/audit.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { panelHostStaff, settings } from '../helpers/panel-host';
import { storageTargets } from '../helpers/storage-targets';

// Who may call what, from where: every panel call against every role, origin and host. The sessions' calls
// are in panel-session-calls.test.ts, the team's, the audit trail's and the overview's in
// panel-team-calls.test.ts.

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
  { method: 'GET', url: '/panel/api/complaints', roles: ['complaints'] },
  { method: 'GET', url: '/panel/api/complaints/nieznany', roles: ['complaints'] },
  {
    method: 'POST',
    url: '/panel/api/complaints',
    body: { receivedOn: '2026-02-16', postmarkedOn: null, complaint: {} },
    roles: ['complaints'],
  },
  {
    method: 'POST',
    url: '/panel/api/complaints/nieznany/decision',
    body: { decision: 'upheld', reason: 'demand-met' },
    roles: ['complaints'],
  },
  { method: 'POST', url: '/panel/api/complaints/nieznany/answer-mail', body: {}, roles: ['complaints'] },
  {
    method: 'POST',
    url: '/panel/api/complaints/nieznany/answer-letter',
    body: { letterNumber: 'RR123456789PL', letterDay: '2026-02-20' },
    roles: ['complaints'],
  },
  { method: 'POST', url: '/panel/api/complaints/nieznany/reopen-claim', body: {}, roles: ['complaints'] },
  { method: 'GET', url: '/panel/api/issue', roles: ['payout'] },
  {
    method: 'POST',
    url: '/panel/api/issue/nieznany/steps',
    body: { step: 'delivered', day: '2026-01-10' },
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
    const { personWith, call } = panelHostStaff(() => t, clock);

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

    // After the matrix above, whose people and sessions fill the trail with far more than a page.
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
  });
}
