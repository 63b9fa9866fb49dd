import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '#content/staff-messages.json';
import { verifyAudit } from '#server/staff/audit.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { panelSettings, panelStaff, sendStatements } from '../helpers/panel';
import { storageTargets } from '../helpers/storage-targets';
import { importLinkHashes, winnersFixture } from '../helpers/winners-fixture';

const MINUTE_MS = 60_000;
const BOM = '\uFEFF';

for (const target of storageTargets) {
  describe(`payouts on ${target.name}`, () => {
    let t: TestApp;
    const now = { real: Date.parse('2026-07-10T08:00:00Z') };
    const clock = fakeClock({ real: () => now.real });
    const { personWith, call } = panelStaff(() => t, clock);
    const ids = new Map<string, string>();

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
      for (const [tier, { id }] of sent) ids.set(tier, id);
    });
    afterAll(async () => {
      await t.close();
    });

    it('lists accepted money prizes once their undo window has passed, exports them audited, marks them paid', async () => {
      const payout = await personWith(['payout']);
      for (const tier of ['VI', 'WINTO', 'IV']) await accept(tier);
      // Within the window nothing is final yet.
      expect((await call(payout, 'GET', 'payouts')).json()).toEqual({ items: [], total: 0, sum: '0,00 zł' });

      now.real += 2 * MINUTE_MS;
      const list = (await call(payout, 'GET', 'payouts')).json();
      // The smartwatch (IV) is not a money prize.
      expect(list).toMatchObject({ total: 2, sum: '7 200,00 zł' });
      expect(list.items.map((item: { tier: string; amount: string }) => [item.tier, item.amount])).toEqual([
        ['VI', '200,00 zł'],
        ['WINTO', '7 000,00 zł'],
      ]);
      expect(JSON.stringify(list)).not.toMatch(/Kowalski|PL61109010140000071219812874/);

      const file = await call(payout, 'POST', 'payouts/export', { ids: [ids.get('VI'), ids.get('WINTO')] });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(file.headers['content-disposition']).toBe('attachment; filename="wyplaty-2026-07-10.csv"');
      expect(file.headers['cache-control']).toBe('no-store');
      const lines = file.body.replace(BOM, '').trim().split('\r\n');
      expect(lines[0]).toBe('Numer zgłoszenia,Imię,Nazwisko,IBAN,Kwota');
      expect(lines.slice(1).map((line) => line.split(',').slice(1, 4))).toEqual([
        ['Jan', 'Kowalski', 'PL61109010140000071219812874'],
        ['Jan', 'Kowalski', 'PL61109010140000071219812874'],
      ]);
      expect(lines[2]).toMatch(/"7 000,00"$/);
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
      expect((await call(payout, 'GET', 'payouts')).json()).toMatchObject({ total: 1, sum: '7 000,00 zł' });
      expect((await call(payout, 'POST', 'payouts/paid', { ids: [ids.get('VI')] })).json()).toEqual({
        paid: 0,
      });
      expect(await verifyAudit(t.storage)).toMatchObject({ verified: true });
    });
  });
}
