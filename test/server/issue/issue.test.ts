import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '#content/staff-messages.json';
import { campaign } from '#shared/campaign.ts';
import { fill } from '#shared/content/template.ts';
import { verifyAudit } from '#server/staff/audit.ts';
import { SESSION_COOKIE } from '#server/panel/session-cookie.ts';
import { startSession } from '#server/staff/sessions.ts';
import { openOrder } from '#server/mail/orders.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { runOperator } from '../helpers/operator';
import { panelSettings, panelStaff, sendStatements, type PanelPerson } from '../helpers/panel';
import { storageTargets } from '../helpers/storage-targets';
import { importLinkHashes, winnersFixture } from '../helpers/winners-fixture';

for (const target of storageTargets) {
  describe(`prize issue on ${target.name}`, () => {
    let t: TestApp;
    // Accepted on 1 December 2025; the steps are recorded in January 2026, before the last issue day: days of
    // the lottery, on the campaign clock, whatever the real clock says (here months later, as under
    // CAMPAIGN_NOW; in the past, as the operator's processes read it), which only measures the undo window and
    // the sessions.
    const now = { real: Date.parse('2026-06-01T09:00:00Z'), campaign: Date.parse('2025-12-01T09:00:00Z') };
    const clock = fakeClock({ real: () => now.real, campaign: () => now.campaign });
    const { personWith, call } = panelStaff(() => t, clock);
    const ids = new Map<string, string>();
    const references = new Map<string, string>();
    let hashes: Map<string, string>;
    let clerk: PanelPerson;
    let decider: PanelPerson;

    const step = (person: PanelPerson, tier: string, body: Record<string, unknown>) =>
      call(person, 'POST', `issue/${ids.get(tier)}/steps`, body);
    const where = (where: { dataDir: string; databaseUrl: string | undefined }) => ({
      ...where,
      statementsKey: t.statementsKey,
      audit: t.audit,
    });
    const shippedMail = () =>
      t.storage.db.selectFrom('outbox').selectAll().where('kind', '=', 'shipped').orderBy('number').execute();

    beforeAll(async () => {
      t = await openTestApp(target, { panel: panelSettings, rateLimitMax: 10_000 }, clock);
      hashes = await importLinkHashes(t, winnersFixture);
      const sent = await sendStatements(
        t,
        [
          ['I', 'C0000000001'],
          ['III', 'T0000000003'],
          ['IV', 'Z0000000004'],
          ['VI', 'A1B2C3D4E5F'],
        ],
        hashes,
      );
      for (const [tier, { id, reference }] of sent) {
        ids.set(tier, id);
        references.set(tier, reference);
      }
      // One person decides and approves everything (both roles); another issues.
      decider = await personWith(['reviewer', 'approver', 'payout']);
      const approver = await personWith(['approver']);
      for (const tier of ['I', 'III', 'IV', 'VI']) {
        const id = ids.get(tier)!;
        await call(decider, 'POST', `review/statements/${id}/take`);
        const decided = (
          await call(decider, 'POST', `review/statements/${id}/decision`, { outcome: 'accept' })
        ).json();
        if (decided.state === 'awaiting-approval')
          await call(approver, 'POST', `review/statements/${id}/approval`, { outcome: 'confirm' });
        // One decision a second: the list is in the order of the acceptances.
        now.real += 1_000;
        now.campaign += 1_000;
      }
      now.campaign = Date.parse('2026-01-20T12:00:00Z');
      now.real = Date.parse('2026-07-20T09:00:00Z');
      clerk = await personWith(['payout']);
      // The decider's session ended meanwhile: they log in again.
      decider = {
        ...decider,
        cookie: `${SESSION_COOKIE}=${await startSession(t.storage, clock, decider.id, 'passkey')}`,
      };
    });
    afterAll(async () => {
      await t.close();
    });

    it('lists the goods and the car to issue with the last issue day, money prizes left to the payouts', async () => {
      const list = (await call(clerk, 'GET', 'issue')).json();
      expect(list).toMatchObject({ deadline: '2026-01-31', today: '2026-01-20', issued: [] });
      expect(list.open.map((item: { tier: string; way: string }) => [item.tier, item.way])).toEqual([
        ['I', 'handover'],
        ['III', 'parcel'],
        ['IV', 'parcel'],
      ]);
      expect(list.open[0]).toMatchObject({ state: 'to-issue', waitingSince: '2025-12-01', late: false });
      expect(JSON.stringify(list)).not.toMatch(/Kowalski|Warszawa/);
      expect(list.status.find((line: { tier: string }) => line.tier === 'VI')).toEqual({
        tier: 'VI',
        accepted: 1,
        issued: 0,
        toIssue: 1,
        late: 0,
      });
      // Not a payout person: refused.
      const reviewer = await personWith(['reviewer']);
      expect((await call(reviewer, 'GET', 'issue')).statusCode).toBe(403);
    });

    it('refuses the issue of a prize to whoever decided or approved it', async () => {
      const own = await step(decider, 'III', {
        step: 'shipped',
        day: '2026-01-10',
        carrier: 'InPost',
        tracking: '123',
      });
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual({ message: messages.issueOwnDecision });
    });

    it("sends a parcel (the winner's shipped mail with carrier and number), then records its delivery", async () => {
      const bad = [
        [
          { step: 'shipped', day: '2026-01-21', carrier: 'InPost', tracking: '6200' },
          messages.issueDayFuture,
        ],
        [{ step: 'shipped', day: '2025-11-30', carrier: 'InPost', tracking: '6200' }, 'wcześniejsza'],
        [
          { step: 'shipped', day: '2026-02-30', carrier: 'InPost', tracking: '6200' },
          messages.issueDayInvalid,
        ],
        [
          // docs/decisions/prize-issue.md#carriers: only a carrier of the content's list.
          { step: 'shipped', day: '2026-01-10', carrier: 'Kurier Janek', tracking: '6200' },
          fill(messages.issueCarrierInvalid, { carriers: campaign.carriers.join(', ') }),
        ],
        [{ step: 'handed-over', day: '2026-01-10' }, messages.issueWrongWay],
      ] as const;
      for (const [body, message] of bad) {
        const answer = await step(clerk, 'III', body);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().message).toContain(message);
      }
      expect((await step(clerk, 'III', { step: 'delivered', day: '2026-01-10' })).statusCode).toBe(409);

      // The list's spelling is kept, whatever the letter case asked (a carrier's file writes its own).
      const sent = await step(clerk, 'III', {
        step: 'shipped',
        day: '2026-01-10',
        carrier: 'inpost',
        tracking: '620000111222333',
      });
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toMatchObject({ state: 'shipped', parcel: 1, carrier: 'InPost', issuedOn: null });
      const [mail] = await shippedMail();
      expect(mail).toMatchObject({ number: 1, state: 'queued' });
      expect(openOrder([t.statementsKey], mail!.id, mail!.sealed!)).toMatchObject({
        to: 'jan.kowalski@example.com',
        facts: {
          kind: 'shipped',
          carrier: 'InPost',
          tracking: '620000111222333',
          shippedOn: '2026-01-10',
          reference: references.get('III'),
        },
      });
      const delivered = (await step(clerk, 'III', { step: 'delivered', day: '2026-01-12' })).json();
      expect(delivered).toMatchObject({ state: 'delivered', issuedOn: '2026-01-12', late: false });
      expect((await step(clerk, 'III', { step: 'returned', day: '2026-01-12' })).statusCode).toBe(409);
    });

    it('takes a returned parcel back to be issued, with a fresh clock, and keeps its history when sent again', async () => {
      await step(clerk, 'IV', {
        step: 'shipped',
        day: '2026-01-05',
        carrier: 'Poczta Polska',
        tracking: 'PP1',
      });
      const returned = (await step(clerk, 'IV', { step: 'returned', day: '2026-01-15' })).json();
      expect(returned).toMatchObject({ state: 'returned', waitingSince: '2026-01-15', carrier: null });
      // The return day is the earliest the next parcel may leave.
      expect(
        (await step(clerk, 'IV', { step: 'shipped', day: '2026-01-14', carrier: 'DPD', tracking: 'DPD2' }))
          .statusCode,
      ).toBe(400);
      const again = (
        await step(clerk, 'IV', { step: 'shipped', day: '2026-01-16', carrier: 'DPD', tracking: 'DPD2' })
      ).json();
      expect(again).toMatchObject({ state: 'shipped', parcel: 2, tracking: 'DPD2' });
      expect(again.steps.map((one: { parcel: number; step: string }) => [one.parcel, one.step])).toEqual([
        [1, 'shipped'],
        [1, 'returned'],
        [2, 'shipped'],
      ]);
      expect((await shippedMail()).filter((mail) => mail.claim_id !== null).length).toBe(3);
      // The winner's link page says where the prize is: sent again, with the carrier and the number.
      expect(await statementLink('Z0000000004')).toMatchObject({
        status: 'received',
        review: 'accepted',
        issue: { state: 'shipped', on: '2026-01-16', carrier: 'DPD', tracking: 'DPD2' },
      });
    });

    it('hands the car over: its registration formalities due in 10 working days, across 1 and 6 January', async () => {
      const handed = (await step(clerk, 'I', { step: 'handed-over', day: '2025-12-31' })).json();
      // 2 Jan (1), 5 (2), 6 Jan is Epiphany, 7–9 (3–5), 12–16 (6–10).
      expect(handed).toMatchObject({
        state: 'handed-over',
        issuedOn: '2025-12-31',
        registrationBy: '2026-01-16',
      });
      const statusLine = await statementLink('C0000000001');
      expect(statusLine).toMatchObject({
        status: 'received',
        review: 'accepted',
        issue: { state: 'handed-over', on: '2025-12-31' },
      });
    });

    it('imports a carrier file once: the same file again imports and mails nothing', async () => {
      const file = path.join(t.dataDir, 'przewoznik.csv');
      fs.writeFileSync(
        file,
        '\uFEFFreference,carrier,tracking,shippedOn,deliveredOn,returnedOn\r\n' +
          `${references.get('IV')!.toLowerCase()},DPD,DPD2,2026-01-16,2026-01-19,\r\n` +
          `${references.get('IV')},Poczta Polska,PP1,2026-01-05,,2026-01-15\r\n`,
      );
      const first = await runOperator(['import-shipments', file], where(t));
      expect(first).toMatchObject({ exitCode: 0, lines: [{ imported: 1, mailed: 0 }] });
      const second = await runOperator(['import-shipments', file], where(t));
      expect(second).toMatchObject({ exitCode: 0, lines: [{ imported: 0, mailed: 0 }] });
      const list = (await call(clerk, 'GET', 'issue')).json();
      expect(list.issued.find((item: { tier: string }) => item.tier === 'IV')).toMatchObject({
        state: 'delivered',
        issuedOn: '2026-01-19',
      });
      // An unknown reference: nothing of the file is recorded, and the line is named.
      fs.writeFileSync(file, 'reference,carrier,tracking,shippedOn\nXXXX-XXXX,DPD,D1,2026-01-16\n');
      const wrong = await runOperator(['import-shipments', file], where(t));
      expect(wrong.exitCode).toBe(1);
      expect(wrong.stderr).toBe(
        'Błąd: wiersz 2: nie ma zaakceptowanej nagrody o numerze zgłoszenia XXXX-XXXX\n',
      );
    });

    it('refuses a carrier file it cannot read whole, naming what is wrong in Polish, and records nothing', async () => {
      const file = path.join(t.dataDir, 'przewoznik-zly.csv');
      const refusal = async (text: string) => {
        fs.writeFileSync(file, text);
        const run = await runOperator(['import-shipments', file], where(t));
        expect(run).toMatchObject({ exitCode: 1, lines: [] });
        return run.stderr;
      };
      const before = await t.storage.db.selectFrom('prize_issue_steps').select('id').execute();
      expect(await refusal('reference;carrier\nX;DPD\n')).toBe(
        'Błąd: brak kolumn: tracking, shippedOn (wymagane: reference,carrier,tracking,shippedOn, a także ' +
          'deliveredOn lub returnedOn)\n',
      );
      expect(
        await refusal(
          'reference,carrier,tracking,shippedOn,deliveredOn,returnedOn\n' +
            `${references.get('III')},DPD,NEW1,2026-01-16,2026-01-17,2026-01-18\n`,
        ),
      ).toBe('Błąd: wiersz 2: przesyłka nie może być jednocześnie doręczona i zwrócona\n');
      // A step the house refuses says the house's own sentence after the line's number.
      expect(
        await refusal(
          'reference,carrier,tracking,shippedOn\n' + `${references.get('VI')},DPD,NEW2,2026-01-16\n`,
        ),
      ).toBe(`Błąd: wiersz 2: ${messages.issueWrongWay}\n`);
      expect(await t.storage.db.selectFrom('prize_issue_steps').select('id').execute()).toEqual(before);
    });

    it('counts per tier what is issued, to issue and late; every step is on the verified trail', async () => {
      const status = await runOperator(['issue-status'], where(t), {
        CAMPAIGN_NOW: '2026-01-20T13:00:00+01:00',
      });
      expect(status.lines).toEqual([
        { tier: 'I', accepted: 1, issued: 1, toIssue: 0, late: 0 },
        { tier: 'II', accepted: 0, issued: 0, toIssue: 0, late: 0 },
        { tier: 'III', accepted: 1, issued: 1, toIssue: 0, late: 0 },
        { tier: 'IV', accepted: 1, issued: 1, toIssue: 0, late: 0 },
        { tier: 'V', accepted: 0, issued: 0, toIssue: 0, late: 0 },
        { tier: 'VI', accepted: 1, issued: 0, toIssue: 1, late: 0 },
        { tier: 'WINTO', accepted: 0, issued: 0, toIssue: 0, late: 0 },
      ]);
      // The overview counts it too, as of the campaign clock: in February the unpaid money prize is late.
      now.campaign = Date.parse('2026-02-02T12:00:00Z');
      const overview = (await call(clerk, 'GET', 'overview')).json();
      expect(overview.issueDeadline).toBe('2026-01-31');
      expect(overview.issue.find((line: { tier: string }) => line.tier === 'VI')).toMatchObject({ late: 1 });
      const actions = await t.storage.db
        .selectFrom('audit_log')
        .select(['action', 'actor'])
        .where('action', 'like', 'prize-%')
        .orderBy('seq')
        .execute();
      expect(actions.map((entry) => entry.action)).toEqual([
        'prize-shipped',
        'prize-delivered',
        'prize-shipped',
        'prize-returned',
        'prize-shipped',
        'prize-handed-over',
        'prize-delivered',
      ]);
      expect(actions.at(-1)!.actor).toBe('operator');
      expect(await verifyAudit(t.storage)).toMatchObject({ verified: true });
    });

    async function statementLink(code: string) {
      const answer = await t.app.inject({ url: `/api/statement-link?hash=${hashes.get(code)}` });
      return answer.json();
    }
  });
}
