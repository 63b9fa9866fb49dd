import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrder } from '#server/mail/orders.ts';
import { warsawLocalToInstant } from '#shared/warsaw-time.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { storageTargets } from '../helpers/storage-targets';
import { importInto, winnersFixture } from '../helpers/winners-fixture';
import { validComplaint } from './complaint-fixtures';

// docs/api.md "Complaints": POST /api/complaints through the real server, on SQLite and PostgreSQL.
describe.each(storageTargets)('POST /api/complaints on $name', (target) => {
  let t: TestApp;
  // Issue 42's vector: received on 16 February 2026, so cut to the lottery's end, 4 March.
  const campaignNow = warsawLocalToInstant('2026-02-16T10:00:00');

  beforeAll(async () => {
    t = await openTestApp(target, { rateLimitMax: 1_000 }, fakeClock({ campaign: () => campaignNow }));
    await importInto(t, winnersFixture);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (body: unknown, type = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/complaints',
      headers: { 'content-type': type },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('answers 201 with the reference and the deadline, and stores what was written sealed', async () => {
    const response = await post(validComplaint({ code: 'a1b2c3d4e5f' }));
    expect(response.statusCode).toBe(201);
    const body = response.json<{ reference: string; deadline: string }>();
    expect(body).toEqual({
      reference: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/),
      deadline: '2026-03-04',
    });
    const row = await t.storage.db
      .selectFrom('complaints')
      .selectAll()
      .where('reference', '=', body.reference)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      channel: 'form',
      received_on: '2026-02-16',
      deadline: '2026-03-04',
      shortened: 1,
      late: 1,
      state: 'open',
      code: 'A1B2C3D4E5F',
    });
    // The code names a claim: the complaint is linked to it.
    const claim = await t.storage.db
      .selectFrom('claims')
      .select('id')
      .where('code', '=', 'A1B2C3D4E5F')
      .executeTakeFirstOrThrow();
    expect(row.claim_id).toBe(claim.id);
    expect(row.secrets).not.toContain('Kowalska');
    expect(row.secrets).not.toContain('kuponu');
  });

  it('queues complaint-received in the same commit: the reference and the deadline, nothing typed', async () => {
    const { reference } = (await post(validComplaint())).json<{ reference: string }>();
    const mail = await t.storage.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'complaint-received')
      .execute();
    const orders = mail.map((entry) => openOrder([t.statementsKey], entry.id, entry.sealed!));
    const order = orders.find((one) => 'reference' in one.facts && one.facts.reference === reference);
    expect(order).toEqual({
      to: 'anna.kowalska@example.com',
      facts: { kind: 'complaint-received', reference, deadline: '2026-03-04' },
    });
  });

  it('refuses a bad body with 400 and the field messages, as statements are answered', async () => {
    const response = await post(
      validComplaint({
        name: 'A',
        extra: 1,
        address: { city: 'Kraków', postalCode: '30001', street: '', houseNumber: '5', apartmentNumber: '' },
        description: '',
        personalDataClause: false,
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message:
        'extra: To pole nie należy do reklamacji.; name: Pole musi mieć co najmniej 2 znaki.; address.postalCode: Wpisz kod pocztowy w formacie 00-000.; description: Opis musi mieć co najmniej 10 znaków.; personalDataClause: Ta zgoda jest wymagana.',
    });
    const { demand: _demand, ...withoutDemand } = validComplaint();
    expect((await post(withoutDemand)).json()).toEqual({ message: 'demand: Brak wymaganego pola.;' });
    expect((await post('nie json', 'text/plain')).statusCode).toBe(415);
  });

  it('a complaint that never arrived stores nothing', async () => {
    const before = await t.storage.db.selectFrom('complaints').select('id').execute();
    await post(validComplaint({ email: 'to nie adres' }));
    expect(await t.storage.db.selectFrom('complaints').select('id').execute()).toHaveLength(before.length);
  });
});
