import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '#server/mail/transport.ts';
import { warsawLocalToInstant } from '#shared/warsaw-time.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { panelSettings, panelStaff, type PanelPerson } from '../helpers/panel';
import { runOperator } from '../helpers/operator';
import { startTestSmtp, testDispatcher, type TestSmtp } from '../helpers/smtp';
import { storageTargets } from '../helpers/storage-targets';
import { importInto, winnersFixture } from '../helpers/winners-fixture';
import { validComplaint } from './complaint-fixtures';
import { validStatement } from '../helpers/statement-fixtures';

// docs/api.md "Complaints" and #staff-panel: the desk, through the real server and the in-process SMTP
// server, on SQLite and PostgreSQL. The role matrix (401/403) is test/server/staff/panel-calls.test.ts's.
describe.each(storageTargets)('the complaints desk on $name', (target) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let clerk: PanelPerson;
  // One day on both clocks: the outbox's sent time is the real clock's (docs/decisions/complaints.md#clock).
  const day = warsawLocalToInstant('2026-02-16T10:00:00');
  const clock = fakeClock({ campaign: () => day, real: () => day });
  const { personWith, call } = panelStaff(() => t, clock);

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await openTestApp(target, { panel: panelSettings, rateLimitMax: 1_000 }, clock);
    await importInto(t, winnersFixture, { clock });
    clerk = await personWith(['complaints']);
  });
  afterAll(async () => {
    await smtp.stop();
    await t.close();
  });

  const file = async (changes: Record<string, unknown> = {}) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/complaints',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(validComplaint(changes)),
      })
    ).json<{ reference: string }>().reference;
  const idOf = async (reference: string) =>
    (
      await t.storage.db
        .selectFrom('complaints')
        .select('id')
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow()
    ).id;

  it('lists the unanswered ones by deadline with days left, and the overview counts them', async () => {
    await file();
    const added = await call(clerk, 'POST', 'complaints', {
      receivedOn: '2026-01-20',
      postmarkedOn: '2026-01-19',
      complaint: validComplaint({ code: 'T0000000003' }),
    });
    expect(added.json()).toMatchObject({ deadline: '2026-02-10', shortened: false, late: false });
    const list = (await call(clerk, 'GET', 'complaints')).json<{ items: Record<string, unknown>[] }>();
    expect(list.items.map((item) => [item.channel, item.deadline, item.daysLeft])).toEqual([
      ['post', '2026-02-10', -6],
      ['form', '2026-03-04', 16],
    ]);
    const overview = (await call(clerk, 'GET', 'overview')).json<{ complaints: object }>();
    expect(overview.complaints).toEqual({ open: 2, overdue: 1 });
  });

  it('opens a complaint with its text and the claim its code names; each look is audited', async () => {
    const reference = await file({ code: 'A1B2C3D4E5F' });
    const id = await idOf(reference);
    const page = await call(clerk, 'GET', `complaints/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      line: { reference, late: true, shortened: true, state: 'open' },
      text: {
        name: 'Anna',
        address: 'Długa 5, 30-001 Kraków',
        demand: 'Ponownego rozpatrzenia oświadczenia.',
      },
      claim: { code: 'A1B2C3D4E5F', tier: 'VI', statementReference: null, review: null, canReopen: false },
      preview: null,
      answer: null,
    });
    const looks = await t.storage.db
      .selectFrom('audit_log')
      .select(['actor', 'subject'])
      .where('action', '=', 'complaint-opened')
      .execute();
    expect(looks).toContainEqual({ actor: clerk.id, subject: reference });
    expect((await call(clerk, 'GET', 'complaints/nieznany')).statusCode).toBe(404);
  });

  it('decides, previews and sends the answer by e-mail; on time only once the outbox says sent', async () => {
    const reference = await file();
    const id = await idOf(reference);
    expect((await call(clerk, 'POST', `complaints/${id}/answer-mail`)).statusCode).toBe(409);
    const bad = await call(clerk, 'POST', `complaints/${id}/decision`, {
      decision: 'upheld',
      reason: 'late',
    });
    expect(bad.statusCode).toBe(400);
    const decided = await call(clerk, 'POST', `complaints/${id}/decision`, {
      decision: 'rejected',
      reason: 'rules-followed',
    });
    expect(decided.json()).toEqual({ state: 'decided' });
    const opened = await call(clerk, 'GET', `complaints/${id}`);
    expect(opened.statusCode).toBe(200);
    const preview = opened.json<{ preview: { text: string } }>().preview;
    expect(preview.text.replace(/\s+/g, ' ')).toContain('postąpiliśmy zgodnie z regulaminem loterii');
    expect((await call(clerk, 'POST', `complaints/${id}/answer-mail`)).json()).toEqual({ state: 'answered' });
    // Queued, not sent: not yet in time.
    const before = (await call(clerk, 'GET', `complaints/${id}`)).json<{ answer: object }>().answer;
    expect(before).toEqual({ channel: 'email', sentAt: null, letterNumber: null, onTime: null });
    await testDispatcher(
      t,
      clock,
      smtpTransport(smtp.url, undefined),
      'https://loteria.example.pl',
    ).sendDue();
    const mail = smtp.received.find((one) => one.kind === 'complaint-answer')!;
    expect(mail.to).toBe('anna.kowalska@example.com');
    expect(mail.parsed.subject).toBe(`Odpowiedź na Twoją reklamację (numer ${reference})`);
    // Nothing the person wrote goes back in the answer.
    expect(mail.parsed.text).not.toContain('Ponownego rozpatrzenia');
    const after = (await call(clerk, 'GET', `complaints/${id}`)).json<{ answer: object }>().answer;
    expect(after).toMatchObject({ channel: 'email', sentAt: expect.any(String), onTime: true });
    // Answered: the decision stands.
    const late = await call(clerk, 'POST', `complaints/${id}/decision`, {
      decision: 'upheld',
      reason: 'demand-met',
    });
    expect(late.statusCode).toBe(409);
    // The protocol names the message it went as.
    const out = `${t.dataDir}/protokol.csv`;
    await runOperator(['export-complaints', '--out', out], t);
    const row = (await import('node:fs'))
      .readFileSync(out, 'utf8')
      .split('\r\n')
      .find((line) => line.startsWith(reference))!;
    expect(row).toContain(`,rejected,${clerk.email},`);
    expect(row).toMatch(new RegExp(`,email <${mail.messageId.slice(1, -1)}>,`));
    expect(row.endsWith(',true')).toBe(true);
  });

  it('records a registered letter with its number and day', async () => {
    const id = await idOf(await file());
    await call(clerk, 'POST', `complaints/${id}/decision`, { decision: 'upheld', reason: 'demand-met' });
    const future = await call(clerk, 'POST', `complaints/${id}/answer-letter`, {
      letterNumber: 'RR123456789PL',
      letterDay: '2026-02-17',
    });
    expect(future.statusCode).toBe(400);
    const sent = await call(clerk, 'POST', `complaints/${id}/answer-letter`, {
      letterNumber: 'RR123456789PL',
      letterDay: '2026-02-16',
    });
    expect(sent.json()).toEqual({ state: 'answered' });
    const answer = (await call(clerk, 'GET', `complaints/${id}`)).json<{ answer: object }>().answer;
    expect(answer).toEqual({
      channel: 'post',
      sentAt: '2026-02-16',
      letterNumber: 'RR123456789PL',
      onTime: true,
    });
    const steps = await t.storage.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor', '=', clerk.id)
      .execute();
    expect(steps.map((step) => step.action)).toEqual(
      expect.arrayContaining(['complaint-added', 'complaint-decided', 'complaint-answered']),
    );
  });

  it('an upheld complaint about a rejected statement reopens its claim, on the trail', async () => {
    const statement = await t.app.inject({
      method: 'POST',
      url: '/api/complete-testimonial',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(validStatement('III', 'T0000000003')),
    });
    expect(statement.statusCode).toBe(201);
    const stored = await t.storage.db.selectFrom('statements').selectAll().executeTakeFirstOrThrow();
    await t.storage.db
      .insertInto('reviews')
      .values({
        statement_id: stored.id,
        claim_id: stored.claim_id,
        tier: 'III',
        state: 'rejected',
        reviewer_id: 'r',
        taken_at: '2026-02-01T08:00:00.000Z',
        outcome: 'reject',
        reason: 'unreadable-coupon',
      } as never)
      .execute();
    const id = await idOf(await file({ code: 'T0000000003' }));
    expect((await call(clerk, 'POST', `complaints/${id}/reopen-claim`)).statusCode).toBe(409);
    await call(clerk, 'POST', `complaints/${id}/decision`, {
      decision: 'upheld',
      reason: 'statement-reopened',
    });
    const page = (await call(clerk, 'GET', `complaints/${id}`)).json<{ claim: object }>();
    expect(page.claim).toMatchObject({ review: 'rejected', canReopen: true });
    expect((await call(clerk, 'POST', `complaints/${id}/reopen-claim`)).json()).toEqual({ rejected: 1 });
    expect(await t.storage.db.selectFrom('statements').select('id').execute()).toEqual([]);
    const entry = await t.storage.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'complaint-claim-reopened')
      .executeTakeFirstOrThrow();
    expect(entry.actor).toBe(clerk.id);
  });
});
