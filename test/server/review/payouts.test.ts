import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '#content/staff-messages.json';
import { verifyAudit } from '#server/staff/audit.ts';
import { fakeClock, openTestApp, postStatement, type TestApp } from '../helpers/app';
import { panelSettings, panelStaff, sendStatements } from '../helpers/panel';
import { validStatement } from '../helpers/statement-fixtures';
import { storageTargets } from '../helpers/storage-targets';
import { importLinkHashes, winnersFixture } from '../helpers/winners-fixture';

const MINUTE_MS = 60_000;
const BOM = '\uFEFF';

/**
 * The cells of a payout file as a Polish spreadsheet reads them on a double click: a BOM for UTF-8, rows of
 * cells split at semicolons (quotes keep one together), an amount with a decimal comma a number.
 */
function polishSpreadsheet(file: string): Array<Array<string | number>> {
  expect(file.startsWith(BOM)).toBe(true);
  return file
    .slice(BOM.length)
    .trimEnd()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/(?:^|;)("(?:[^"]|"")*"|[^;]*)/g)].map(([, cell]) => {
        if (cell!.startsWith('"')) return cell!.slice(1, -1).replace(/""/g, '"');
        return /^\d+,\d{2}$/.test(cell!) ? Number(cell!.replace(',', '.')) : cell!;
      }),
    );
}

for (const target of storageTargets) {
  describe(`payouts on ${target.name}`, () => {
    let t: TestApp;
    // The lottery's clock and the real one apart (as under CAMPAIGN_NOW): the undo window is waited on the
    // real clock; the acceptance, the payout and its file's date are the lottery's facts, on the campaign clock.
    const now = { real: Date.parse('2026-07-10T08:00:00Z'), campaign: Date.parse('2025-09-10T08:00:00Z') };
    const clock = fakeClock({ real: () => now.real, campaign: () => now.campaign });
    const { personWith, call } = panelStaff(() => t, clock);
    const ids = new Map<string, string>();
    const references = new Map<string, string>();

    /** Accepts a statement for good: the reviewer's decision, and the approver's where the tier needs it. */
    async function accept(tier: string) {
      const reviewer = await personWith(['reviewer']);
      const approver = await personWith(['approver']);
      const id = ids.get(tier)!;
      await call(reviewer, 'POST', `review/statements/${id}/take`);
      const decided = (
        await call(reviewer, 'POST', `review/statements/${id}/decision`, { outcome: 'accept' })
      ).json();
      if (decided.state === 'awaiting-approval')
        await call(approver, 'POST', `review/statements/${id}/approval`, { outcome: 'confirm' });
      // One decision a second: the list is in the order of the decisions.
      now.real += 1_000;
      now.campaign += 1_000;
    }

    beforeAll(async () => {
      t = await openTestApp(target, { panel: panelSettings, rateLimitMax: 10_000 }, clock);
      const hashes = await importLinkHashes(t, winnersFixture);
      const sent = await sendStatements(
        t,
        [
          ['VI', 'A1B2C3D4E5F'],
          ['WINTO', 'W0000000002'],
          ['IV', 'Z0000000004'],
        ],
        hashes,
      );
      for (const [tier, { id, reference }] of sent) {
        ids.set(tier, id);
        references.set(tier, reference);
      }
    });
    afterAll(async () => {
      await t.close();
    });

    it('lists accepted money prizes once their undo window has passed, exports them audited, marks them paid', async () => {
      const payout = await personWith(['payout']);
      for (const tier of ['VI', 'WINTO', 'IV']) await accept(tier);
      // Within the window nothing is final yet.
      expect((await call(payout, 'GET', 'payouts')).json()).toMatchObject({
        items: [],
        total: 0,
        sum: '0,00\u00a0zł',
      });

      now.real += 2 * MINUTE_MS;
      const list = (await call(payout, 'GET', 'payouts')).json();
      // The smartwatch (IV) is not a money prize.
      // Non-breaking spaces: a sum never wraps between its digits on the page.
      expect(list).toMatchObject({ total: 2, sum: '7\u00a0200,00\u00a0zł' });
      expect(list.items.map((item: { tier: string; amount: string }) => [item.tier, item.amount])).toEqual([
        ['VI', '200,00\u00a0zł'],
        ['WINTO', '7\u00a0000,00\u00a0zł'],
      ]);
      expect(JSON.stringify(list)).not.toMatch(/Kowalski|PL61109010140000071219812874/);

      const file = await call(payout, 'POST', 'payouts/export', { ids: [ids.get('VI'), ids.get('WINTO')] });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(file.headers['content-disposition']).toBe('attachment; filename="wyplaty-2025-09-10.csv"');
      expect(file.headers['cache-control']).toBe('no-store');
      // Semicolons and decimal commas, as a Polish spreadsheet expects: the amounts are numbers.
      expect(polishSpreadsheet(file.body)).toEqual([
        ['Numer zgłoszenia', 'Imię', 'Nazwisko', 'IBAN', 'Kwota'],
        [references.get('VI'), 'Jan', 'Kowalski', 'PL61109010140000071219812874', 200],
        [references.get('WINTO'), 'Jan', 'Kowalski', 'PL61109010140000071219812874', 7000],
      ]);
      expect(file.body.split('\r\n')[2]).toMatch(/;7000,00$/);
      const exported = await t.storage.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'payouts-exported')
        .executeTakeFirstOrThrow();
      expect(exported.actor).toBe(payout.id);
      expect(JSON.parse(exported.details!)).toEqual({
        count: 2,
        statements: [ids.get('VI'), ids.get('WINTO')],
      });

      // A statement not on the list (not a money prize) is refused, and nothing is exported.
      const wrong = await call(payout, 'POST', 'payouts/export', { ids: [ids.get('IV')] });
      expect(wrong.statusCode).toBe(409);
      expect(wrong.json()).toEqual({ message: messages.payoutsChanged });
      expect((await call(payout, 'POST', 'payouts/export', { ids: [] })).statusCode).toBe(400);

      expect((await call(payout, 'POST', 'payouts/paid', { ids: [ids.get('VI')] })).json()).toEqual({
        paid: 1,
      });
      // Paid on the lottery's day, accepted on it too, whatever the real day the clerk pressed it on.
      const paidRow = await t.storage.db
        .selectFrom('reviews')
        .select(['paid_at', 'final_at', 'undo_until'])
        .where('statement_id', '=', ids.get('VI')!)
        .executeTakeFirstOrThrow();
      expect(paidRow.paid_at).toBe(new Date(now.campaign).toISOString());
      expect(paidRow.final_at!.startsWith('2025-09-10T08:00')).toBe(true);
      expect(paidRow.undo_until!.startsWith('2026-07-10T08:')).toBe(true);
      expect((await call(payout, 'GET', 'payouts')).json()).toMatchObject({
        total: 1,
        sum: '7\u00a0000,00\u00a0zł',
      });
      expect((await call(payout, 'POST', 'payouts/paid', { ids: [ids.get('VI')] })).json()).toEqual({
        paid: 0,
      });
      expect(await verifyAudit(t.storage)).toMatchObject({ verified: true });
    });

    it('takes a bounced payment back, for a reason, audited: the prize is on the list and exportable again', async () => {
      const payout = await personWith(['payout']);
      const reviewer = await personWith(['reviewer', 'approver']);
      const reference = references.get('VI')!;
      const undo = (person: typeof payout, body: Record<string, unknown>) =>
        call(person, 'POST', 'payouts/undo', body);
      expect((await undo(reviewer, { reference, reason: 'Przelew wrócił' })).statusCode).toBe(403);
      const noReason = await undo(payout, { reference, reason: ' x ' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json()).toEqual({ message: messages.payoutUndoReasonInvalid });
      // Only a paid money prize comes back: WINTO is not paid yet.
      const notPaid = await undo(payout, { reference: references.get('WINTO'), reason: 'Przelew wrócił' });
      expect(notPaid.statusCode).toBe(404);
      expect(notPaid.json()).toEqual({ message: messages.payoutNotPaid });

      // The reference as read off a bank's notice, in small letters.
      const undone = await undo(payout, { reference: reference.toLowerCase(), reason: 'Przelew wrócił' });
      expect(undone.json()).toEqual({ reference });
      const list = (await call(payout, 'GET', 'payouts')).json();
      expect(list.items.map((item: { reference: string }) => item.reference)).toEqual([
        reference,
        references.get('WINTO'),
      ]);
      expect((await undo(payout, { reference, reason: 'Przelew wrócił' })).statusCode).toBe(404);
      const entry = await t.storage.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'payout-undone')
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ actor: payout.id, subject: ids.get('VI'), reason: 'Przelew wrócił' });
      const again = await call(payout, 'POST', 'payouts/export', { ids: [ids.get('VI')] });
      expect(again.statusCode).toBe(200);
      expect(polishSpreadsheet(again.body)[1]).toEqual([
        reference,
        'Jan',
        'Kowalski',
        expect.any(String),
        200,
      ]);
      expect(await verifyAudit(t.storage)).toMatchObject({ verified: true });
    });

    it('shows the history of exports, payments and undone payments, newest first: who, which, how much', async () => {
      const payout = await personWith(['payout']);
      const { history } = (await call(payout, 'GET', 'payouts')).json();
      const people = await t.storage.db.selectFrom('staff').select(['id', 'email']).execute();
      const emailOf = new Map(people.map((person) => [person.id, person.email]));
      const actors = await t.storage.db
        .selectFrom('audit_log')
        .select(['action', 'actor'])
        .where('action', 'in', ['payouts-exported', 'payouts-paid', 'payout-undone'])
        .orderBy('seq', 'desc')
        .execute();
      const by = actors.map((entry) => emailOf.get(entry.actor));
      const vi = references.get('VI');
      expect(history).toEqual([
        {
          at: expect.any(String),
          action: 'payouts-exported',
          by: by[0],
          references: [vi],
          sum: '200,00\u00a0zł',
          reason: null,
        },
        {
          at: expect.any(String),
          action: 'payout-undone',
          by: by[1],
          references: [vi],
          sum: '200,00\u00a0zł',
          reason: 'Przelew wrócił',
        },
        // A payment of nothing (already paid) is on the trail, and here, as it was.
        {
          at: expect.any(String),
          action: 'payouts-paid',
          by: by[2],
          references: [],
          sum: '0,00\u00a0zł',
          reason: null,
        },
        {
          at: expect.any(String),
          action: 'payouts-paid',
          by: by[3],
          references: [vi],
          sum: '200,00\u00a0zł',
          reason: null,
        },
        {
          at: expect.any(String),
          action: 'payouts-exported',
          by: by[4],
          references: [vi, references.get('WINTO')],
          sum: '7\u00a0200,00\u00a0zł',
          reason: null,
        },
      ]);
      expect(by.every((email) => email?.includes('@'))).toBe(true);
    });

    it('keeps Polish letters and neutralises a formula in the file', async () => {
      const payout = await personWith(['payout']);
      const answer = await postStatement(t, {
        ...validStatement('VI', 'E1B2C3D4E5F'),
        name: '-Łucja',
        surName: 'Żółć-Gęś',
      });
      expect(answer.statusCode).toBe(201);
      const row = await t.storage.db
        .selectFrom('statements')
        .select('id')
        .where('code', '=', 'E1B2C3D4E5F')
        .executeTakeFirstOrThrow();
      ids.set('VI-online', row.id);
      await accept('VI-online');
      now.real += 2 * MINUTE_MS;
      const file = await call(payout, 'POST', 'payouts/export', { ids: [row.id] });
      // A cell starting with '-' would be a formula: it is text, with a quote in front.
      expect(polishSpreadsheet(file.body)[1]!.slice(1, 3)).toEqual(["'-Łucja", 'Żółć-Gęś']);
    });
  });
}
