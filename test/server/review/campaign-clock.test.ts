import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import reviewTexts from '#content/review.json';
import { openOrder } from '#server/mail/orders.ts';
import { statementPlan } from '#server/retention/run.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { runOperator } from '../helpers/operator';
import { panelSettings, panelStaff, sendStatements } from '../helpers/panel';
import { storageTargets } from '../helpers/storage-targets';
import { importInto, winnersFixture } from '../helpers/winners-fixture';

// docs/decisions/server-house.md#two-clocks-chosen-per-use: under CAMPAIGN_NOW, months before the real
// clock (the README's way to try the product), a statement sent on time is in time and no claim is overdue.
// It was flagged 'po terminie': its arrival was read on the real clock, its deadline on the campaign's.

const CAMPAIGN_NOW = '2025-07-16T12:00:00+02:00';

for (const target of storageTargets) {
  describe(`a statement under CAMPAIGN_NOW on ${target.name}`, () => {
    let t: TestApp;
    let hashes: Map<string, string>;
    /** How far the test moved the real clock on (past an undo window). */
    let realAhead = 0;
    const clock = fakeClock({ campaign: () => Date.parse(CAMPAIGN_NOW), real: () => Date.now() + realAhead });
    const { personWith, call } = panelStaff(() => t, clock);

    beforeAll(async () => {
      t = await openTestApp(target, { panel: panelSettings, rateLimitMax: 10_000 }, clock);
      const { lines } = await importInto(t, winnersFixture, { clock });
      hashes = new Map(
        lines.map((line) => [line.code, new URLSearchParams(line.link.split('?')[1]).get('hash')!]),
      );
      await sendStatements(t, [['I', 'C0000000001']], hashes);
    });
    afterAll(async () => {
      await t.close();
    });

    it('is found in time by the review', async () => {
      const reviewer = await personWith(['reviewer']);
      const { id } = (await call(reviewer, 'POST', 'review/next', { tier: 'I' })).json<{ id: string }>();
      const view = (await call(reviewer, 'GET', `review/statements/${id}`)).json<{
        findings: { level: string; text: string }[];
      }>();
      expect(view.findings).toContainEqual({
        level: 'ok',
        text: reviewTexts.findings.inTime.replace('{received}', '2025-07-16'),
      });
    });

    it("stamps the review's acts on the lottery's clock, its undo window on the real one", async () => {
      // A decision, an approval and the acceptance are facts of the lottery: they were stamped on the real
      // day (2026), so the prize counted as accepted, issued and taxed then.
      const { id } = (await sendStatements(t, [['III', 'T0000000003']], hashes)).get('III')!;
      const reviewer = await personWith(['reviewer']);
      const approver = await personWith(['approver']);
      const realBefore = Date.now();
      await call(reviewer, 'POST', `review/statements/${id}/take`);
      await call(reviewer, 'POST', `review/statements/${id}/decision`, { outcome: 'accept' });
      await call(approver, 'POST', `review/statements/${id}/approval`, { outcome: 'confirm' });
      const view = (await call(approver, 'GET', `review/statements/${id}`)).json<{
        receivedAt: string;
        decision: { at: string };
        approval: { at: string };
        final: { at: string; undoUntil: string };
      }>();
      const lottery = new Date(Date.parse(CAMPAIGN_NOW)).toISOString();
      expect([view.receivedAt, view.decision.at, view.approval.at, view.final.at]).toEqual([
        lottery,
        lottery,
        lottery,
        lottery,
      ]);
      const queue = (await call(approver, 'GET', 'review/queue?tier=III&state=accepted')).json<{
        items: { id: string; receivedAt: string; takenAt: string; final: { at: string } }[];
      }>();
      expect(queue.items.find((item) => item.id === id)).toMatchObject({
        receivedAt: lottery,
        takenAt: lottery,
        final: { at: lottery },
      });
      expect(Date.parse(view.final.undoUntil)).toBeGreaterThan(realBefore);
      const review = await t.storage.db
        .selectFrom('reviews')
        .select('taken_at')
        .where('statement_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(review.taken_at).toBe(lottery);
    });

    it("dates the winner's confirmation on the same clock as the deadline their link mail gave", async () => {
      const mail = await t.storage.db
        .selectFrom('outbox')
        .selectAll()
        .where('kind', '=', 'received')
        .executeTakeFirstOrThrow();
      expect(openOrder([t.statementsKey], mail.id, mail.sealed!).facts).toMatchObject({
        receivedOn: '2025-07-16',
      });
    });

    it('leaves no claim overdue in status run with the same CAMPAIGN_NOW, and says as of when', async () => {
      const status = await runOperator(['status'], t, { CAMPAIGN_NOW });
      expect(status.exitCode).toBe(0);
      expect(status.lines.map((line) => line.overdue)).toEqual(status.lines.map(() => 0));
      expect(status.lines.find((line) => line.tier === 'I')).toMatchObject({ received: 1, waiting: 0 });
      expect(status.stderr).toContain('Terminy oświadczeń liczone na 2025-07-16 12:00:00 (CAMPAIGN_NOW).');
    });

    it("counts a rejection's retention from the lottery's day, whoever rejected it", async () => {
      // docs/decisions/retention.md#never-issued: 6 months after the later of the rejection and the lottery's
      // end (2026-03-04). Read on the real day (2026 or later), the purge day moved to 2027.
      const { id, reference } = (await sendStatements(t, [['IV', 'Z0000000004']], hashes)).get('IV')!;
      const reviewer = await personWith(['reviewer']);
      const approver = await personWith(['approver']);
      await call(reviewer, 'POST', `review/statements/${id}/take`);
      const decided = (
        await call(reviewer, 'POST', `review/statements/${id}/decision`, {
          outcome: 'reject',
          reason: 'unreadable-coupon',
        })
      ).json<{ state: string }>();
      if (decided.state === 'awaiting-approval')
        await call(approver, 'POST', `review/statements/${id}/approval`, { outcome: 'confirm' });
      realAhead += 10 * 60_000;
      expect(await statementPlan({ storage: t.storage, clock }, reference)).toMatchObject({
        purgeOn: '2026-09-05',
      });

      // The operator's rejection of a statement someone else sent (reopen-claim) under the same CAMPAIGN_NOW.
      const claim = await runOperator(['reopen-claim', 'C0000000001', 'I'], t, { CAMPAIGN_NOW });
      expect(claim.lines).toEqual([{ code: 'C0000000001', tier: 'I', rejected: 1 }]);
      const rejected = await t.storage.db
        .selectFrom('rejected_statements')
        .select(['reference', 'rejected_at'])
        .executeTakeFirstOrThrow();
      expect(rejected.rejected_at).toBe(new Date(Date.parse(CAMPAIGN_NOW)).toISOString());
      expect(await statementPlan({ storage: t.storage, clock }, rejected.reference!)).toMatchObject({
        purgeOn: '2026-09-05',
      });
    });
  });
}
