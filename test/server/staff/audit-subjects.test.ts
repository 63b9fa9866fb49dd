import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '#content/staff-messages.json';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { panelSettings, panelStaff, sendStatements } from '../helpers/panel';
import { storageTargets } from '../helpers/storage-targets';
import { importLinkHashes, winnersFixture } from '../helpers/winners-fixture';

const MINUTE_MS = 60_000;

interface Answer {
  entries: { action: string; subject: string | null; details: Record<string, unknown> | null }[];
  people: Record<string, string>;
  statements: Record<string, string>;
  claims: Record<string, { code: string; tier: string }>;
}

// docs/decisions/staff.md#audit-subjects: the auditor ties the trail to a winner by the statement's reference.
for (const target of storageTargets) {
  describe(`the audit trail by a statement's reference on ${target.name}`, () => {
    let t: TestApp;
    const now = { real: Date.parse('2026-07-10T08:00:00Z') };
    const clock = fakeClock({ real: () => now.real });
    const { personWith, call } = panelStaff(() => t, clock);
    const sent = new Map<string, { id: string; reference: string }>();

    beforeAll(async () => {
      t = await openTestApp(target, { panel: panelSettings, rateLimitMax: 10_000 }, clock);
      const hashes = await importLinkHashes(t, winnersFixture);
      for (const [tier, statement] of await sendStatements(
        t,
        [
          ['VI', 'A1B2C3D4E5F'],
          ['IV', 'Z0000000004'],
        ],
        hashes,
      ))
        sent.set(tier, statement);
    });
    afterAll(async () => {
      await t.close();
    });

    it('finds the entries about one statement, named by its reference, payouts included', async () => {
      const reviewer = await personWith(['reviewer']);
      const payout = await personWith(['payout']);
      const auditor = await personWith(['auditor']);
      const vi = sent.get('VI')!;
      const iv = sent.get('IV')!;
      for (const { id } of [vi, iv]) {
        await call(reviewer, 'POST', `review/statements/${id}/take`);
        await call(reviewer, 'POST', `review/statements/${id}/decision`, { outcome: 'accept' });
      }
      now.real += 3 * MINUTE_MS;
      const exported = await call(payout, 'POST', 'payouts/export', { ids: [vi.id] });
      expect(exported.statusCode).toBe(200);

      // As read aloud on the phone: lower case, no dash.
      const typed = vi.reference.toLowerCase().replace('-', ' ');
      const answer = await call(auditor, 'GET', `audit?reference=${encodeURIComponent(typed)}`);
      expect(answer.statusCode).toBe(200);
      const body = answer.json<Answer>();
      expect(body.entries.map((entry) => entry.action)).toEqual([
        'payouts-exported',
        'decision',
        'statement-taken',
      ]);
      expect(body.entries.filter((entry) => entry.subject === iv.id)).toEqual([]);
      expect(body.statements).toEqual({ [vi.id]: vi.reference });
      expect(body.people[reviewer.id]).toBe(reviewer.email);

      // Without the filter, each statement the page names comes with its reference.
      const all = (await call(auditor, 'GET', 'audit')).json<Answer>();
      expect(all.statements).toMatchObject({ [vi.id]: vi.reference, [iv.id]: iv.reference });
    });

    it('refuses what cannot be a reference, and finds nothing for one nobody has', async () => {
      const auditor = await personWith(['auditor']);
      const wrong = await call(auditor, 'GET', 'audit?reference=ABC');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ message: messages.auditReferenceInvalid });
      const nobody = (await call(auditor, 'GET', 'audit?reference=ZZZZ-ZZZZ')).json<Answer>();
      expect(nobody.entries).toEqual([]);
    });
  });
}
