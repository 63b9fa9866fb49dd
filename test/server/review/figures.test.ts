import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WinnersFile } from '#server/winners/import-file.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { runOperator } from '../helpers/operator';
import { panelSettings, panelStaff, sendStatements } from '../helpers/panel';
import { storageTargets } from '../helpers/storage-targets';
import { importInto } from '../helpers/winners-fixture';

// docs/decisions/review.md#figures: `status`, the panel's overview and the review queue's counts say the
// same, and the right thing, once a review has run its course: rejections in the panel, a prize passed to a
// reserve (counted once), a claim expired.

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const draw = (price: 'AYGO' | 'WINTO', priceRank: number, code: string, more: object = {}) => ({
  drawName: 'Draw1',
  price,
  priceRank,
  code,
  name: `Laureat ${code}`,
  testimonialId: `T-${code}`,
  ...more,
});

/** A car and three WinTo! prizes; the car and the first WinTo! have a reserve entry. */
const FILE = {
  instant: [],
  draws: [
    draw('AYGO', 1, 'C0000000001', { email: 'jan@example.com' }),
    draw('AYGO', 1, 'C0000000011', { reserve: 1, email: 'rafal@example.com' }),
    draw('WINTO', 2, 'W0000000002', { email: 'maria@example.com' }),
    draw('WINTO', 2, 'W0000000012', { reserve: 1, email: 'ola@example.com' }),
    draw('WINTO', 3, 'W0000000003', { email: 'ewa@example.com' }),
    draw('WINTO', 4, 'W0000000004', { email: 'adam@example.com' }),
  ],
} as WinnersFile;

for (const target of storageTargets) {
  describe(`the figures of a review carried to its end on ${target.name}`, () => {
    let t: TestApp;
    const now = { real: Date.parse('2025-07-10T08:00:00Z'), campaign: Date.parse('2025-07-10T08:00:00Z') };
    const clock = fakeClock({ real: () => now.real, campaign: () => now.campaign });
    const { personWith, call } = panelStaff(() => t, clock);

    beforeAll(async () => {
      t = await openTestApp(target, { panel: panelSettings, rateLimitMax: 10_000 }, clock);
      const { lines } = await importInto(t, FILE, { clock });
      const hashes = new Map(
        lines.map((line) => [line.code, new URLSearchParams(line.link.split('?')[1]).get('hash')!]),
      );
      const sent = await sendStatements(
        t,
        [
          ['I', 'C0000000001'],
          ['WINTO', 'W0000000004'],
        ],
        hashes,
      );
      const reviewer = await personWith(['reviewer']);
      const approver = await personWith(['approver']);
      const decide = async (id: string, decision: object) => {
        await call(reviewer, 'POST', `review/statements/${id}/take`);
        await call(reviewer, 'POST', `review/statements/${id}/decision`, decision);
        const approved = await call(approver, 'POST', `review/statements/${id}/approval`, {
          outcome: 'confirm',
        });
        expect(approved.statusCode).toBe(200);
      };
      // The car's winner is rejected in the panel, one WinTo! winner accepted…
      await decide(sent.get('I')!.id, { outcome: 'reject', reason: 'wrong-data' });
      await decide(sent.get('WINTO')!.id, { outcome: 'accept' });
      // …past the undo window; a week on, the WinTo! claims without a statement have expired.
      now.real += 3 * MINUTE_MS;
      now.campaign += 7 * DAY_MS;
      // The car and the first WinTo! pass to their reserves; the other expired WinTo! has none.
      for (const code of ['C0000000001', 'W0000000002']) {
        const claim = await t.storage.db
          .selectFrom('claims')
          .select('id')
          .where('code', '=', code)
          .executeTakeFirstOrThrow();
        expect((await call(approver, 'POST', `review/claims/${claim.id}/reserve`)).statusCode).toBe(200);
      }
    });
    afterAll(async () => {
      await t.close();
    });

    const empty = {
      claims: 0,
      received: 0,
      waiting: 0,
      overdue: 0,
      accepted: 0,
      rejected: 0,
      reopened: 0,
      passedOn: 0,
    };
    const expected = {
      // One car: the reserve's claim (waiting, its 6 days just begun); the winner's, rejected, passed on.
      I: { ...empty, claims: 1, received: 1, waiting: 1, rejected: 1, passedOn: 1 },
      // Three WinTo! prizes: one accepted, the reserve's waiting, one expired without a reserve.
      WINTO: { ...empty, claims: 3, received: 1, waiting: 2, overdue: 1, accepted: 1, passedOn: 1 },
    };
    const lineOf = (tier: string) => ({ tier, ...empty, ...expected[tier as keyof typeof expected] });

    it('are the same, and right, on the overview, in status and in the queue', async () => {
      const auditor = await personWith(['auditor']);
      const overview = (await call(auditor, 'GET', 'overview')).json<{ tiers: { tier: string }[] }>();
      const tiers = overview.tiers.map((line) => line.tier);
      expect(overview.tiers).toEqual(tiers.map(lineOf));

      const status = await runOperator(['status'], t, { CAMPAIGN_NOW: new Date(now.campaign).toISOString() });
      expect(status.exitCode).toBe(0);
      expect(status.lines).toEqual(overview.tiers);

      const reviewer = await personWith(['reviewer']);
      const queue = (await call(reviewer, 'GET', 'review/queue?tier=WINTO&state=expired')).json();
      expect(queue.counts).toEqual(
        tiers.map((tier) => {
          const line = lineOf(tier);
          return {
            tier,
            received: 0,
            'in-review': 0,
            'awaiting-approval': 0,
            accepted: line.accepted,
            rejected: line.rejected,
            expired: line.overdue,
          };
        }),
      );
      // The expired list still shows the prize passed on, marked, beside the one to act on.
      expect(
        queue.expired.map((claim: { code: string; lost: string }) => [claim.code, claim.lost]).sort(),
      ).toEqual([
        ['W0000000002', 'passed-to-reserve'],
        ['W0000000003', 'organiser'],
      ]);
    });
  });
}
