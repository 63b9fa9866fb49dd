import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoWinners } from '#server/demo/dataset.ts';
import { verifyAudit } from '#server/staff/audit.ts';
import { importWinnersFile } from '#server/winners/import.ts';
import { prizeValue, tierById, type TierId } from '#shared/campaign.ts';
import { fakeClock, openTestApp, postStatement, type TestApp } from '../helpers/app';
import { runOperator } from '../helpers/operator';
import { panelSettings, panelStaff } from '../helpers/panel';
import { validStatement } from '../helpers/statement-fixtures';
import { storageTargets } from '../helpers/storage-targets';

const BOM = '\uFEFF';
/** Every prize of the register's tiers, and a few of the others, which the register must leave out. */
const OTHERS_EACH = 2;

for (const target of storageTargets) {
  describe(`the register and the tax from the demo data on ${target.name}`, () => {
    let t: TestApp;
    // The lottery's days on the campaign clock; the real one (months later, as under CAMPAIGN_NOW) only waits.
    const now = { real: Date.parse('2026-06-01T09:00:00Z'), campaign: Date.parse('2025-11-20T09:00:00Z') };
    const clock = fakeClock({ real: () => now.real, campaign: () => now.campaign });
    const { personWith, call } = panelStaff(() => t, clock);
    /** Statement id and reference per tier. */
    const sent = new Map<TierId, { id: string; reference: string }[]>();
    const where = () => ({
      dataDir: t.dataDir,
      databaseUrl: t.databaseUrl,
      statementsKey: t.statementsKey,
      audit: t.audit,
    });
    const out = () => path.join(t.dataDir, 'rejestr', 'rejestr.csv');
    const rows = () =>
      fs
        .readFileSync(out(), 'utf8')
        .slice(BOM.length)
        .trimEnd()
        .split('\r\n')
        .map((line) => line.split(';'));

    beforeAll(async () => {
      t = await openTestApp(target, { panel: panelSettings, rateLimitMax: 100_000 }, clock);
      const { lines } = await importWinnersFile(t.storage, demoWinners(), {
        statementsKey: t.statementsKey,
        clock,
        demo: true,
      });
      const taken = new Map<string, number>();
      for (const line of lines) {
        const tier = line.tier as TierId;
        const registerTier = prizeValue(tierById(tier)!.prize).registered;
        if (!registerTier && (taken.get(tier) ?? 0) >= OTHERS_EACH) continue;
        taken.set(tier, (taken.get(tier) ?? 0) + 1);
        const hash = new URLSearchParams(line.link.split('?')[1] ?? '').get('hash');
        const answer = await postStatement(t, validStatement(tier, line.code, hash));
        if (answer.statusCode !== 201) throw new Error(`${tier} ${line.code}: ${answer.body}`);
        const row = await t.storage.db
          .selectFrom('statements')
          .select('id')
          .where('code', '=', line.code)
          .executeTakeFirstOrThrow();
        sent.set(tier, [...(sent.get(tier) ?? []), { id: row.id, reference: answer.json().reference }]);
      }
      const reviewer = await personWith(['reviewer']);
      const approver = await personWith(['approver']);
      for (const { id } of [...sent.values()].flat()) {
        await call(reviewer, 'POST', `review/statements/${id}/take`);
        const decided = (
          await call(reviewer, 'POST', `review/statements/${id}/decision`, { outcome: 'accept' })
        ).json();
        if (decided.state === 'awaiting-approval')
          await call(approver, 'POST', `review/statements/${id}/approval`, { outcome: 'confirm' });
      }
      // The money prizes paid on 15 December; the goods delivered and the cars handed over in December.
      now.campaign = Date.parse('2025-12-15T10:00:00Z');
      now.real = Date.parse('2026-06-01T10:00:00Z');
      const payout = await personWith(['payout']);
      const money = [...(sent.get('WINTO') ?? []), ...(sent.get('VI') ?? [])].map(({ id }) => id);
      expect((await call(payout, 'POST', 'payouts/paid', { ids: money })).json()).toEqual({
        paid: money.length,
      });
      for (const { id } of sent.get('I') ?? [])
        expect(
          (await call(payout, 'POST', `issue/${id}/steps`, { step: 'handed-over', day: '2025-12-10' }))
            .statusCode,
        ).toBe(200);
      const goods = (['II', 'III', 'IV', 'V'] as const).flatMap((tier) => sent.get(tier) ?? []);
      const file = path.join(t.dataDir, 'przesylki.csv');
      fs.writeFileSync(
        file,
        [
          'reference;carrier;tracking;shippedOn;deliveredOn',
          ...goods.map(({ reference }, index) => `${reference};InPost;6200${index};2025-12-01;2025-12-03`),
        ].join('\n'),
      );
      const imported = await runOperator(['import-shipments', file], where(), {
        CAMPAIGN_NOW: '2026-01-05T11:00:00+01:00',
      });
      expect(imported.lines).toEqual([{ imported: goods.length * 2, mailed: goods.length }]);
    }, 240_000);
    afterAll(async () => {
      await t.close();
    });

    it('registers the 74 prizes of at least 2 280 zł (I 7, II 20, III 40, WinTo! 7) and none of IV–VI', async () => {
      const status = await runOperator(['issue-status'], where(), {
        CAMPAIGN_NOW: '2026-01-10T12:00:00+01:00',
      });
      expect(status.lines.filter((line) => line.toIssue !== 0)).toEqual([]);

      const exported = await runOperator(['export-register', '--out', out()], where());
      expect(exported).toMatchObject({ exitCode: 0, lines: [{ out: out(), entries: 74 }] });
      expect(fs.statSync(out()).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(out(), 'utf8').startsWith(BOM)).toBe(true);
      const [header, ...entries] = rows();
      expect(header!.slice(0, 4)).toEqual(['Lp.', 'Korekta pozycji', 'Numer zgłoszenia', 'Kategoria']);
      expect(entries.map((row) => Number(row[0]))).toEqual(Array.from({ length: 74 }, (_, at) => at + 1));
      const byTier = Object.fromEntries(
        ['I', 'II', 'III', 'WinTo!'].map((label) => [
          label,
          entries.filter((row) => row[3] === label).length,
        ]),
      );
      expect(byTier).toEqual({ I: 7, II: 20, III: 40, 'WinTo!': 7 });
      // In order of issue: the goods delivered on 3 December, the cars on 10 December, the money on 15 December.
      expect(entries.map((row) => row[15])).toEqual([...entries.map((row) => row[15])].sort());
      // The identity from the sealed statement: with a PESEL, no address, birth date or citizenship.
      const car = entries.find((row) => row[3] === 'I')!;
      expect(car.slice(5, 16)).toEqual([
        'Jan',
        'Kowalski',
        'dowód osobisty',
        'ABA300000',
        '44051401359',
        '',
        '',
        '',
        '71900',
        '7989',
        '2025-12-10',
      ]);
      const logged = await t.storage.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'register-exported')
        .execute();
      expect(logged.map((entry) => JSON.parse(entry.details!))).toEqual([{ entries: 74, added: 74 }]);

      // Again: the same register, nothing added.
      expect((await runOperator(['export-register', '--out', out()], where())).lines).toEqual([
        { out: out(), entries: 74 },
      ]);
    });

    it('gives the tax by month of collection, due on the 20th of the next month, then the year', async () => {
      const report = await runOperator(['tax-report', '--year', '2025'], where());
      const tax = (tier: TierId) => (sent.get(tier)?.length ?? 0) * prizeValue(tierById(tier)!.prize).tax;
      const total = tax('I') + tax('II') + tax('III') + tax('WINTO');
      // A December delivery's tax falls due on 20 January.
      expect(report.lines).toEqual([
        { month: '2025-12', prizes: 74, tax: total, dueBy: '2026-01-20' },
        { year: 2025, prizes: 74, tax: total },
      ]);
      expect(total).toBe(7 * 7989 + 20 * 1111 + 40 * 409 + 7 * 778);
      expect((await runOperator(['tax-report', '--year', '2026'], where())).lines).toEqual([
        { year: 2026, prizes: 0, tax: 0 },
      ]);
      expect((await runOperator(['tax-report', '--year', 'ubiegły'], where())).exitCode).toBe(1);
    });

    it('corrects an entry with a new one, leaving the original visible', async () => {
      const payout = await personWith(['payout']);
      const [winTo] = sent.get('WINTO')!;
      const undone = await call(payout, 'POST', 'payouts/undo', {
        reference: winTo!.reference,
        reason: 'Przelew wrócił',
      });
      expect(undone.statusCode).toBe(200);
      expect((await runOperator(['export-register', '--out', out()], where())).lines).toEqual([
        { out: out(), entries: 75 },
      ]);
      const entries = rows().slice(1);
      const original = entries.find((row) => row[2] === winTo!.reference && row[1] === '')!;
      expect(original[15]).toBe('2025-12-15');
      expect(entries.at(-1)!.slice(0, 3)).toEqual(['75', original[0], winTo!.reference]);
      expect(entries.at(-1)![15]).toBe('nagroda nie została wydana: pozycja skorygowana');
      expect(await verifyAudit(t.storage)).toMatchObject({ verified: true });
    });
  });
}
