import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '#content/staff-messages.json';
import { verifyAudit } from '#server/staff/audit.ts';
import type { TierId } from '#shared/campaign.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { storageTargets } from '../helpers/storage-targets';
import { panelSettings, panelStaff, sendStatements } from '../helpers/panel';
import { importLinkHashes, winnersFixture } from '../helpers/winners-fixture';

// docs/decisions/review.md#release: a held statement never stays stuck, and 'Weź następne' finds the work in
// any tier (issue 39, points 1 and 2).

const CODES = {
  I: 'C0000000001',
  II: 'B0000000005',
  IV: 'Z0000000004',
  VI: 'A1B2C3D4E5F',
  WINTO: 'W0000000002',
} as const;

for (const target of storageTargets) {
  describe(`releasing held statements and taking the next of any tier on ${target.name}`, () => {
    let t: TestApp;
    const now = { real: Date.parse('2026-07-10T08:00:00Z'), campaign: Date.parse('2026-07-10T09:30:00Z') };
    const clock = fakeClock({ real: () => now.real, campaign: () => now.campaign });
    const ids = new Map<string, string>();
    const { personWith, call } = panelStaff(() => t, clock);

    const auditOf = (action: string, subject: string) =>
      t.storage.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', action)
        .where('subject', '=', subject)
        .orderBy('seq')
        .execute();
    const held = () => t.storage.db.selectFrom('reviews').select(['statement_id', 'reviewer_id']).execute();

    beforeAll(async () => {
      t = await openTestApp(target, { panel: panelSettings, rateLimitMax: 10_000 }, clock);
      const hashes = await importLinkHashes(t, winnersFixture);
      const sent = await sendStatements(t, Object.entries(CODES) as [TierId, string][], hashes);
      for (const [tier, { id }] of sent) ids.set(tier, id);
      // Tier VI's link is the oldest: its deadline comes first.
      await t.storage.db
        .updateTable('claims')
        .set({ created_at: '2026-07-01T08:00:00.000Z' })
        .where('code', '=', CODES.VI)
        .execute();
    });
    afterAll(async () => {
      await t.close();
    });

    it('takes the oldest deadline of any tier without a tier, and keeps to a chosen tier', async () => {
      const reviewer = await personWith(['reviewer']);
      const chosen = await call(reviewer, 'POST', 'review/next', { tier: 'I' });
      expect(chosen.json()).toEqual({ id: ids.get('I') });
      const any = await call(reviewer, 'POST', 'review/next', {});
      expect(any.json()).toEqual({ id: ids.get('VI') });
      const queue = (await call(reviewer, 'GET', 'review/queue')).json();
      expect(queue.tier).toBeNull();
      expect(queue.total).toBe(ids.size);
      expect(queue.items[0]).toMatchObject({ id: ids.get('VI'), tier: 'VI', reviewer: reviewer.email });
      // Taking a statement is a staff act: on the lottery's clock (docs/decisions/server-house.md#two-clocks-chosen-per-use).
      expect(queue.items[0].takenAt).toBe(new Date(now.campaign).toISOString());
      await t.storage.db.deleteFrom('reviews').execute();
    });

    it('lets the holder give a statement back, and nobody else', async () => {
      const reviewer = await personWith(['reviewer']);
      const other = await personWith(['reviewer']);
      const id = ids.get('IV')!;
      const taken = await call(reviewer, 'POST', `review/statements/${id}/take`);
      expect(taken.json().actions).toEqual(['decide', 'give-back', 'reveal']);
      const notTheirs = await call(other, 'POST', `review/statements/${id}/give-back`);
      expect(notTheirs.statusCode).toBe(403);
      expect(notTheirs.json()).toEqual({ message: messages.notYours });
      const back = await call(reviewer, 'POST', `review/statements/${id}/give-back`);
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ state: 'received', reviewer: null, actions: ['take'] });
      expect(await auditOf('statement-given-back', id)).toMatchObject([{ actor: reviewer.id }]);
      // The second press saw a statement in review: it has changed since.
      expect((await call(reviewer, 'POST', `review/statements/${id}/give-back`)).statusCode).toBe(409);
      expect(await held()).toEqual([]);
    });

    it('lets an approver release what someone else holds, on the trail; a reviewer may not', async () => {
      const reviewer = await personWith(['reviewer']);
      const colleague = await personWith(['reviewer']);
      const approver = await personWith(['approver']);
      const id = ids.get('II')!;
      await call(reviewer, 'POST', `review/statements/${id}/take`);
      expect((await call(approver, 'GET', `review/statements/${id}`)).json().actions).toEqual(['release']);
      expect((await call(colleague, 'POST', `review/statements/${id}/release`)).statusCode).toBe(403);
      const released = await call(approver, 'POST', `review/statements/${id}/release`);
      expect(released.statusCode).toBe(200);
      expect(released.json()).toMatchObject({ state: 'received', reviewer: null });
      const [entry] = await auditOf('statement-released', id);
      expect(entry).toMatchObject({ actor: approver.id });
      expect(JSON.parse(entry!.details!)).toEqual({ reviewer: reviewer.id });
      expect((await call(approver, 'POST', `review/statements/${id}/release`)).statusCode).toBe(409);
      // Free again: the colleague takes it.
      expect((await call(colleague, 'POST', 'review/next', { tier: 'II' })).json()).toEqual({ id });
      await t.storage.db.deleteFrom('reviews').execute();
    });

    it('marks a statement sent back by the approver in the queue, and says so when it is released', async () => {
      const reviewer = await personWith(['reviewer']);
      const approver = await personWith(['approver']);
      const id = ids.get('WINTO')!;
      await call(reviewer, 'POST', `review/statements/${id}/take`);
      await call(reviewer, 'POST', `review/statements/${id}/decision`, { outcome: 'accept' });
      await call(approver, 'POST', `review/statements/${id}/approval`, {
        outcome: 'send-back',
        note: 'PESEL?',
      });
      const queue = (await call(approver, 'GET', 'review/queue?tier=WINTO')).json();
      expect(queue.items).toMatchObject([{ id, state: 'in-review', sentBack: true }]);
      // Released, it is new again; the trail says it had been sent back.
      await call(approver, 'POST', `review/statements/${id}/release`);
      const [entry] = await auditOf('statement-released', id);
      expect(JSON.parse(entry!.details!)).toEqual({ reviewer: reviewer.id, sentBack: true });
      await t.storage.db.deleteFrom('reviews').execute();
    });

    it('hands back what a revoked person held, in the same change, on the trail', async () => {
      const admin = await personWith(['admin']);
      const leaving = await personWith(['reviewer']);
      const first = (await call(leaving, 'POST', 'review/next', {})).json().id as string;
      const second = (await call(leaving, 'POST', 'review/next', {})).json().id as string;
      const revoked = await t.app.inject({
        method: 'DELETE',
        url: `/panel/api/staff/${leaving.id}`,
        headers: { host: 'localhost:3000', cookie: admin.cookie, origin: 'http://localhost:3000' },
      });
      expect(revoked.statusCode).toBeLessThan(300);
      expect(await held()).toEqual([]);
      for (const id of [first, second])
        expect((await auditOf('statement-released', id)).at(-1)).toMatchObject({ actor: admin.id });
      expect(await verifyAudit(t.storage)).toMatchObject({ verified: true });
    });
  });
}
