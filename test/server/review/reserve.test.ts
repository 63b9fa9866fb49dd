import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '#content/staff-messages.json';
import reviewTexts from '#content/review.json';
import { tierById } from '#shared/campaign.ts';
import { reissueLinks } from '#server/claims/claims.ts';
import { openOrder } from '#server/mail/orders.ts';
import { verifyAudit } from '#server/staff/audit.ts';
import { parseWinnersFile, WinnersFileError, type WinnersFile } from '#server/winners/import-file.ts';
import { fakeClock, openTestApp, postStatement, type TestApp } from '../helpers/app';
import { validStatement } from '../helpers/statement-fixtures';
import { storageTargets } from '../helpers/storage-targets';
import { panelSettings, panelStaff, type PanelPerson } from '../helpers/panel';
import { importInto } from '../helpers/winners-fixture';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const draw = (price: 'AYGO' | 'WINTO', code: string, name: string, more: object = {}) => ({
  drawName: 'Draw1',
  price,
  priceRank: price === 'AYGO' ? 1 : 2,
  code,
  name,
  testimonialId: `T-${code}`,
  ...more,
});

/** A car and a WinTo! prize, each with its winner and reserve entries (docs/api.md#operator-commands). */
const FILE: WinnersFile = {
  instant: [],
  draws: [
    draw('AYGO', 'C0000000001', 'Jan K.', { email: 'jan@example.com' }),
    draw('AYGO', 'C0000000011', 'Rafał R.', { reserve: 1, email: 'rafal@example.com' }),
    draw('WINTO', 'W0000000002', 'Maria W.', { email: 'maria@example.com' }),
    draw('WINTO', 'W0000000012', 'Ola O.', { reserve: 1, email: 'ola@example.com', phone: '600100200' }),
    draw('WINTO', 'W0000000022', 'Piotr P.', { reserve: 2, email: 'piotr@example.com' }),
  ],
} as WinnersFile;

describe('reserve entries in the winners file', () => {
  const parse = (draws: object[]) => () => parseWinnersFile(JSON.stringify({ draws }));

  it('are for degree-I and WinTo! prizes only, carry an e-mail, and one per place', () => {
    expect(parse([draw('AYGO', 'C0000000011', 'R.', { reserve: 1, email: 'r@example.com' })])).not.toThrow();
    expect(
      parse([
        {
          drawName: 'Draw1',
          price: 'BON_10000',
          priceRank: 3,
          code: 'B0000000011',
          name: 'R.',
          testimonialId: 'T',
          reserve: 1,
          email: 'r@example.com',
        },
      ]),
    ).toThrow(
      new WinnersFileError('draws[0].reserve: wpis rezerwowy może mieć tylko nagroda I stopnia albo WinTo!'),
    );
    expect(parse([draw('WINTO', 'W0000000012', 'O.', { reserve: 1 })])).toThrow(
      /^draws\[0\]: wpis rezerwowy wymaga pola email/,
    );
    expect(parse([draw('WINTO', 'W0000000012', 'O.', { reserve: 0, email: 'o@example.com' })])).toThrow(
      'draws[0].reserve: musi być liczbą całkowitą ≥ 1',
    );
    expect(
      parse([
        draw('WINTO', 'W0000000012', 'O.', { reserve: 1, email: 'o@example.com' }),
        draw('WINTO', 'W0000000022', 'P.', { reserve: 1, email: 'p@example.com' }),
      ]),
    ).toThrow(new WinnersFileError('draws[1]: powtarza draws[0]'));
  });
});

for (const target of storageTargets) {
  describe(`passing a lost prize to the reserve on ${target.name}`, () => {
    let t: TestApp;
    const now = { real: Date.parse('2025-07-10T08:00:00Z'), campaign: Date.parse('2025-07-10T08:00:00Z') };
    const clock = fakeClock({ real: () => now.real, campaign: () => now.campaign });
    let hashes: Map<string, string>;
    let approver: PanelPerson;
    let reviewer: PanelPerson;

    const { personWith, call } = panelStaff(() => t, clock);

    const claimOf = (code: string) =>
      t.storage.db.selectFrom('claims').selectAll().where('code', '=', code).executeTakeFirst();
    /** The public draw list's names, once they are these (the server polls for changes every millisecond here). */
    async function listedNames(expected: string[]) {
      let names: string[] = [];
      for (let tries = 0; tries < 100; tries += 1) {
        const list = (await t.app.inject({ method: 'GET', url: '/api/WinnersList' })).json<
          { name: string }[]
        >();
        names = list.map((row) => row.name).sort();
        if (JSON.stringify(names) === JSON.stringify(expected)) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return names;
    }
    /** The statement link the reserve's link mail carries (what the reserve clicks). */
    async function mailedLink(claimId: string) {
      const mail = await t.storage.db
        .selectFrom('outbox')
        .selectAll()
        .where('claim_id', '=', claimId)
        .where('kind', '=', 'link')
        .executeTakeFirstOrThrow();
      const order = openOrder([t.statementsKey], mail.id, mail.sealed!);
      const facts = order.facts as { path: string; reserve?: boolean };
      return { to: order.to, path: facts.path, reserve: facts.reserve === true };
    }

    beforeAll(async () => {
      t = await openTestApp(target, { panel: panelSettings, rateLimitMax: 10_000, winnersPollMs: 1 }, clock);
      // Imported on the campaign clock: the links' 6 days count from it.
      const { lines } = await importInto(t, FILE, { clock });
      hashes = new Map(
        lines.map((line) => [line.code, new URLSearchParams(line.link.split('?')[1]).get('hash')!]),
      );
      approver = await personWith(['approver']);
      reviewer = await personWith(['reviewer']);
    });
    afterAll(async () => {
      await t.close();
    });

    it('keeps reserve entries unpublished and without a claim or mail', async () => {
      expect(await listedNames(['Jan K.', 'Maria W.'])).toEqual(['Jan K.', 'Maria W.']);
      expect(await claimOf('W0000000012')).toBeUndefined();
      expect(hashes.has('W0000000012')).toBe(false);
    });

    it('passes an expired WinTo! claim to its first reserve: a new claim whose mailed link works', async () => {
      const lost = (await claimOf('W0000000002'))!;
      const early = await call(approver, 'POST', `review/claims/${lost.id}/reserve`);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({ message: messages.notForfeited });

      now.campaign += 7 * DAY_MS;
      const queue = (await call(approver, 'GET', 'review/queue?tier=WINTO&state=expired')).json();
      expect(queue.expired).toEqual([
        expect.objectContaining({
          claimId: lost.id,
          code: 'W0000000002',
          lost: 'reserve-available',
          passedTo: null,
        }),
      ]);
      expect((await call(reviewer, 'POST', `review/claims/${lost.id}/reserve`)).statusCode).toBe(403);

      const passed = await call(approver, 'POST', `review/claims/${lost.id}/reserve`);
      expect(passed.statusCode).toBe(200);
      const { claimId } = passed.json();
      expect(passed.json()).toEqual({ claimId, code: 'W0000000012', reserve: 1 });
      // docs/decisions/storage.md#bounded-keys: the e-mail is the new claim's now, sealed with the open family's
      // key; the entry's copy, sealed with the statements key that stays, goes.
      const reserveRow = await t.storage.db
        .selectFrom('reserve_entries')
        .select('email_sealed')
        .where('claim_id', '=', claimId)
        .executeTakeFirstOrThrow();
      expect(reserveRow.email_sealed).toBe('');
      const claimRow = await t.storage.db
        .selectFrom('claims')
        .select('email_sealed')
        .where('id', '=', claimId)
        .executeTakeFirstOrThrow();
      expect(claimRow.email_sealed).toMatch(/^open\./);
      expect((await call(approver, 'POST', `review/claims/${lost.id}/reserve`)).json()).toEqual({
        message: messages.alreadyPassed,
      });

      // The reserve's mail, told as a prize passed on, carries a link that opens their statement page…
      const link = await mailedLink(claimId);
      expect(link.to).toBe('ola@example.com');
      expect(link.reserve).toBe(true);
      const hash = new URLSearchParams(link.path.split('?')[1]).get('hash')!;
      const open = await t.app.inject({ method: 'GET', url: `/api/statement-link?hash=${hash}` });
      expect(open.json()).toEqual({ status: 'open', tier: 'WINTO', code: 'W0000000012' });
      // …and takes their statement; the lost winner's link takes none, and their page is told why.
      expect((await postStatement(t, validStatement('WINTO', 'W0000000012', hash))).statusCode).toBe(201);
      const lostHash = hashes.get('W0000000002')!;
      const old = await t.app.inject({ method: 'GET', url: `/api/statement-link?hash=${lostHash}` });
      expect(old.statusCode).toBe(200);
      expect(old.json()).toEqual({ status: 'passed', tier: 'WINTO' });
      expect((await postStatement(t, validStatement('WINTO', 'W0000000002', lostHash))).statusCode).toBe(404);
      await expect(
        reissueLinks(t.storage, 'W0000000002', tierById('WINTO')!, { statementsKey: t.statementsKey, clock }),
      ).rejects.toThrow('brak zgłoszenia bez oświadczenia');

      // The public list shows the reserve in the lost winner's place.
      expect(await listedNames(['Jan K.', 'Ola O.'])).toEqual(['Jan K.', 'Ola O.']);
      const after = (await call(approver, 'GET', 'review/queue?tier=WINTO&state=expired')).json();
      expect(after.expired[0]).toMatchObject({
        lost: 'passed-to-reserve',
        passedTo: { code: 'W0000000012', reserve: 1 },
      });

      // The reserve's statement says so to the reviewer.
      const next = (await call(reviewer, 'POST', 'review/next', { tier: 'WINTO' })).json();
      const view = (await call(reviewer, 'GET', `review/statements/${next.id}`)).json();
      expect(view.findings.map((finding: { text: string }) => finding.text)).toContain(
        reviewTexts.findings.reserve.replace('{reserve}', '1'),
      );
      expect(view.claim).toMatchObject({ reserve: 1 });
      const entry = await t.storage.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'reserve-promoted')
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ actor: approver.id, subject: lost.id });
      expect(JSON.parse(entry.details!)).toEqual({ claim: claimId, reserve: 1 });
      expect(await verifyAudit(t.storage)).toMatchObject({ verified: true });
    });

    it('offers a rejected car to the reserve only once the rejection is final, to an approver', async () => {
      const car = (await claimOf('C0000000001'))!;
      expect(
        (await postStatement(t, validStatement('I', 'C0000000001', hashes.get('C0000000001')!))).statusCode,
      ).toBe(201);
      const id = (await call(reviewer, 'POST', 'review/next', { tier: 'I' })).json().id;
      await call(reviewer, 'POST', `review/statements/${id}/decision`, {
        outcome: 'reject',
        reason: 'wrong-data',
      });
      const confirmed = await call(approver, 'POST', `review/statements/${id}/approval`, {
        outcome: 'confirm',
      });
      expect(confirmed.json()).toMatchObject({ state: 'rejected', lost: null, actions: ['undo'] });
      // A winner's own claim is no reserve's.
      expect(confirmed.json().claim).toMatchObject({ reserve: null });
      expect((await call(approver, 'POST', `review/claims/${car.id}/reserve`)).statusCode).toBe(409);

      now.real += 2 * MINUTE_MS + 1;
      expect((await call(reviewer, 'GET', `review/statements/${id}`)).json()).toMatchObject({
        lost: 'reserve-available',
        actions: [],
      });
      expect((await call(approver, 'GET', `review/statements/${id}`)).json().actions).toEqual([
        'pass-to-reserve',
      ]);
      const passed = await call(approver, 'POST', `review/claims/${car.id}/reserve`);
      expect(passed.json()).toMatchObject({ code: 'C0000000011', reserve: 1 });
      // The rejected winner's page still tells them why.
      const mine = await t.app.inject({
        method: 'GET',
        url: `/api/statement-link?hash=${hashes.get('C0000000001')}`,
      });
      expect(mine.json()).toMatchObject({ status: 'received', review: 'rejected' });
      expect((await call(approver, 'GET', `review/statements/${id}`)).json()).toMatchObject({
        lost: 'passed-to-reserve',
        passedTo: { code: 'C0000000011', reserve: 1 },
        actions: [],
      });
    });
  });
}
