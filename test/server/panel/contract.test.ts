import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '#content/staff-messages.json';
import { PANEL_API, type PanelCall } from '#shared/panel-api/call.ts';
import { PANEL_CALLS } from '#shared/panel-api/calls.ts';
import { revealCall, statementCall } from '#shared/panel-api/review-calls.ts';
import { requireAccess, routesOn } from '#server/panel/route.ts';
import { errorMapping } from '#server/plugins/error-mapping.ts';
import { problemsMessage } from '#server/statements/validate-statement.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { panelSettings, panelStaff } from '../helpers/panel';
import { storageTargets } from '../helpers/storage-targets';

// docs/decisions/panel-api.md: the panel's routes come from their declaration: the request is checked as
// declared, the reply leaves through its schema only, and no route is registered without its access.

const PESEL = '44051401359';

/** A bare app with the error mapping and these calls, their handlers given. */
async function appWith(register: (route: ReturnType<typeof routesOn>) => void) {
  const app = Fastify();
  await app.register(errorMapping, { forwarder: undefined });
  register(routesOn(app));
  await app.ready();
  return app;
}

describe('a panel route from its declaration', () => {
  it('sends the declared fields of the reply and no other: a PESEL added by a handler does not leave', async () => {
    const app = await appWith((route) => {
      route(revealCall, async () => ({ value: '•••1359', pesel: PESEL }) as { value: string });
    });
    const answer = await app.inject({ method: 'POST', url: '/review/statements/s1/reveal', payload: {} });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ value: '•••1359' });
    expect(answer.body).not.toContain(PESEL);
    await app.close();
  });

  it('drops an undeclared field nested deep in the reply too', async () => {
    const field = { name: 'pesel', label: 'PESEL', value: '•••1359', masked: true, clear: PESEL };
    const app = await appWith((route) => {
      route(statementCall, async () => ({
        ...{ id: 's1', reference: null, tier: 'VI', code: 'A1B2C3D4E5F', state: 'received' as const },
        receivedAt: '2026-07-10T08:00:00.000Z',
        claim: {
          id: 'c1',
          issuedDate: '2026-07-01',
          deadlineDate: '2026-07-15',
          reserve: null,
          pesel: PESEL,
        },
        fields: [field],
        image: false,
        findings: [],
        reviewer: null,
        decision: null,
        approval: null,
        final: null,
        lost: null,
        actions: [],
        reasons: [],
      }));
    });
    const answer = await app.inject({ method: 'GET', url: '/review/statements/s1' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().fields).toEqual([{ name: 'pesel', label: 'PESEL', value: '•••1359', masked: true }]);
    expect(answer.body).not.toContain(PESEL);
    await app.close();
  });

  it('registers no call without a declared access, by its type and when it runs', async () => {
    const app = Fastify();
    const route = routesOn(app);
    const { access: _access, ...undeclared } = revealCall;
    // @ts-expect-error: a call's declaration names who may use it.
    expect(() => route(undeclared, async () => ({ value: '' }))).toThrow('declares no access');
    expect(() => route({ ...revealCall, access: [] }, async () => ({ value: '' }))).toThrow(
      'declares no access',
    );
    expect(() =>
      route({ ...revealCall, access: ['owner'] } as unknown as PanelCall, async () => ({ value: '' })),
    ).toThrow('declares no access');
    // Nor a route added beside route() in the panel's calls.
    requireAccess(app);
    expect(() => app.get('/beside', async () => ({}))).toThrow('declares its access');
    await app.close();
  });
});

for (const target of storageTargets) {
  describe(`the panel's requests as declared on ${target.name}`, () => {
    let t: TestApp;
    const clock = fakeClock();
    const { personWith, call } = panelStaff(() => t, clock);

    beforeAll(async () => {
      t = await openTestApp(target, { panel: panelSettings, rateLimitMax: 10_000 }, clock);
    });
    afterAll(async () => t.close());

    it('registers every declared call, and the panel answers no call it does not declare', async () => {
      for (const declared of PANEL_CALLS)
        expect(t.app.hasRoute({ method: declared.method, url: `${PANEL_API}${declared.path}` })).toBe(true);
      const admin = await personWith(['admin']);
      expect((await call(admin, 'GET', 'staff/invitations')).statusCode).toBe(404);
    });

    it('refuses an unknown property with a Polish 400 naming it, and changes nothing', async () => {
      const admin = await personWith(['admin']);
      const answer = await call(admin, 'POST', 'staff/invitations', {
        email: 'nowa@example.pl',
        role: 'reviewer',
        pesel: PESEL,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        message: problemsMessage([{ field: 'pesel', message: messages.requestUnknownField }]),
      });
      const invited = await t.storage.db
        .selectFrom('staff')
        .select('id')
        .where('email', '=', 'nowa@example.pl')
        .executeTakeFirst();
      expect(invited).toBeUndefined();
    });

    it('refuses a value of the wrong type, not coerced, and changes nothing', async () => {
      const admin = await personWith(['admin']);
      const other = await personWith(['reviewer']);
      const answer = await call(admin, 'PUT', `staff/${other.id}/roles`, { roles: 'admin' });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        message: problemsMessage([{ field: 'roles', message: messages.requestWrongType }]),
      });
      // A number is not the text "1": no coercion.
      const next = await call(other, 'POST', 'review/next', { tier: 1 });
      expect(next.json()).toEqual({
        message: problemsMessage([{ field: 'tier', message: messages.requestWrongType }]),
      });
      const roles = await t.storage.db
        .selectFrom('staff_roles')
        .select('role')
        .where('staff_id', '=', other.id)
        .execute();
      expect(roles.map((row) => row.role)).toEqual(['reviewer']);
    });

    it('refuses an unknown filter of a list', async () => {
      const reviewer = await personWith(['reviewer']);
      const answer = await call(reviewer, 'GET', 'review/queue?tier=I&sort=name');
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        message: problemsMessage([{ field: 'sort', message: messages.requestUnknownField }]),
      });
    });
  });
}
