import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '#content/staff-messages.json';
import { SESSION_COOKIE } from '#server/panel/session-cookie.ts';
import { startSession } from '#server/staff/sessions.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { MINUTE_MS, panelHostStaff, settings } from '../helpers/panel-host';
import { storageTargets } from '../helpers/storage-targets';

// The panel's team calls (people, roles, invitations), the audit trail and the first screen.

for (const target of storageTargets) {
  describe(`the panel's team calls on ${target.name}`, () => {
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

    it('shows every signed-in role the first screen: status per tier and the mail outbox', async () => {
      const payout = await personWith(['payout']);
      const overview = (await call('GET', '/panel/api/overview', { cookie: payout.cookie })).json<{
        tiers: { tier: string }[];
        mail: { kind: string }[];
        issue: { tier: string }[];
        issueDeadline: string;
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
        'complaint-received',
        'complaint-answer',
        'shipped',
      ]);
      // docs/decisions/prize-issue.md#figures: what is still to be issued, against the last issue day.
      expect(overview.issueDeadline).toBe('2026-01-31');
      expect(overview.issue[0]).toEqual({ tier: 'I', accepted: 0, issued: 0, toIssue: 0, late: 0 });
    });
  });
}
