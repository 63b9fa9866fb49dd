import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '#content/staff-messages.json';
import reviewTexts from '#content/review.json';
import { composeMail, type MailFacts } from '#server/mail/compose.ts';
import { openOrder } from '#server/mail/orders.ts';
import { verifyAudit } from '#server/staff/audit.ts';
import type { TierId } from '#shared/campaign.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { storageTargets } from '../helpers/storage-targets';
import { panelSettings, panelStaff, sendStatements } from '../helpers/panel';
import { importLinkHashes, winnersFixture } from '../helpers/winners-fixture';

const MINUTE_MS = 60_000;
const WRONG_COUPON = reviewTexts.reasons.find((reason) => reason.key === 'unreadable-coupon')!;

/** The fixture's winning codes per tier, all of them with a statement in these tests. */
const CODES = {
  I: 'C0000000001',
  II: 'B0000000005',
  III: 'T0000000003',
  IV: 'Z0000000004',
  VI: 'A1B2C3D4E5F',
  WINTO: 'W0000000002',
} as const;

for (const target of storageTargets) {
  describe(`the review of statements on ${target.name}`, () => {
    let t: TestApp;
    const now = { real: Date.parse('2026-07-10T08:00:00Z') };
    const clock = fakeClock({ real: () => now.real });
    let hashes: Map<string, string>;
    const references = new Map<string, string>();
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

    const statementLink = async (code: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/statement-link?hash=${hashes.get(code)}` })).json<
        Record<string, unknown>
      >();

    const verdicts = (statementId: string) =>
      t.storage.db
        .selectFrom('outbox')
        .innerJoin('statements', 'statements.claim_id', 'outbox.claim_id')
        .selectAll('outbox')
        .where('statements.id', '=', statementId)
        .where('outbox.kind', '=', 'verdict')
        .orderBy('outbox.number')
        .execute();

    beforeAll(async () => {
      t = await openTestApp(target, { panel: panelSettings, rateLimitMax: 10_000 }, clock);
      hashes = await importLinkHashes(t, winnersFixture);
      const sent = await sendStatements(t, Object.entries(CODES) as [TierId, string][], hashes);
      for (const [tier, { id, reference }] of sent) {
        ids.set(tier, id);
        references.set(tier, reference);
      }
    });
    afterAll(async () => {
      await t.close();
    });

    it('lists each tier with its counts and no personal data', async () => {
      const reviewer = await personWith(['reviewer']);
      const answer = await call(reviewer, 'GET', 'review/queue?tier=I');
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      expect(body.items).toHaveLength(1);
      expect(body.items[0]).toMatchObject({
        id: ids.get('I'),
        reference: references.get('I'),
        code: CODES.I,
        state: 'received',
        reviewer: null,
      });
      expect(body.counts.find((line: { tier: string }) => line.tier === 'VI')).toMatchObject({
        received: 1,
        'in-review': 0,
      });
      expect(answer.body).not.toMatch(/Kowalski|jan\.kowalski|44051401359/);
      expect(await auditOf('statement-opened', ids.get('I')!)).toEqual([]);
      expect((await call(reviewer, 'GET', 'review/queue?tier=X')).statusCode).toBe(400);
    });

    it('gives two reviewers taking the next statement at once never the same one', async () => {
      const reviewers = await Promise.all([1, 2, 3, 4].map(() => personWith(['reviewer'])));
      const answers = await Promise.all(
        [...reviewers, ...reviewers].map((reviewer) => call(reviewer, 'POST', 'review/next', {})),
      );
      const taken = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json().id);
      expect(taken.sort()).toEqual([...ids.values()].sort());
      const empty = answers.filter((answer) => answer.statusCode === 404);
      expect(empty).toHaveLength(2);
      expect(empty[0]!.json()).toEqual({ message: messages.queueEmpty });
      const rows = await t.storage.db.selectFrom('reviews').select(['statement_id', 'reviewer_id']).execute();
      expect(rows).toHaveLength(ids.size);
      // Put back for the tests below: nobody holds them.
      await t.storage.db.deleteFrom('reviews').execute();
    });

    it('shows a statement masked, reveals a number for a reason, shows the photo: each look audited', async () => {
      const reviewer = await personWith(['reviewer']);
      const id = ids.get('I')!;
      const view = (await call(reviewer, 'GET', `review/statements/${id}`)).json();
      const pesel = view.fields.find((field: { name: string }) => field.name === 'pesel');
      expect(pesel).toEqual({ name: 'pesel', label: 'PESEL', value: '•••••••1359', masked: true });
      expect(view.fields.find((field: { name: string }) => field.name === 'surName').value).toBe('Kowalski');
      expect(JSON.stringify(view)).not.toContain('44051401359');
      expect(view.actions).toEqual(['take']);
      // The same PESEL is on the statements of the other claims (the fixtures share one person).
      expect(view.findings.map((finding: { text: string }) => finding.text)).toContain(
        `PESEL występuje też w oświadczeniu zgłoszenia ${references.get('II')} (kategoria II).`,
      );
      expect(await auditOf('statement-opened', id)).toHaveLength(1);

      // docs/decisions/review.md#unmasking: the reviewer who holds it looks, for a reason from the list.
      await call(reviewer, 'POST', `review/statements/${id}/take`);
      const noReason = await call(reviewer, 'POST', `review/statements/${id}/reveal`, { field: 'pesel' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json()).toEqual({ message: messages.revealReasonInvalid });
      const notMasked = await call(reviewer, 'POST', `review/statements/${id}/reveal`, {
        field: 'surName',
        reason: 'identity',
      });
      expect(notMasked.statusCode).toBe(400);
      const revealed = await call(reviewer, 'POST', `review/statements/${id}/reveal`, {
        field: 'pesel',
        reason: 'identity',
      });
      expect(revealed.json()).toEqual({ value: '44051401359' });
      const entries = await auditOf('statement-revealed', id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actor: reviewer.id, reason: 'identity' });
      expect(entries[0]!.details).toBe(JSON.stringify({ field: 'pesel' }));

      const photo = await call(reviewer, 'GET', `review/statements/${id}/image?reason=coupon`);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/png');
      expect(photo.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(photo.headers['cache-control']).toBe('no-store');
      expect(await auditOf('photo-viewed', id)).toMatchObject([{ actor: reviewer.id, reason: 'coupon' }]);
      expect(await verifyAudit(t.storage)).toMatchObject({ verified: true });
      // Back to the queue for the tests below.
      await call(reviewer, 'POST', `review/statements/${id}/give-back`);
    });

    it('mails a rejection after the undo window, with the reason and nothing else personal', async () => {
      const reviewer = await personWith(['reviewer']);
      const other = await personWith(['reviewer']);
      const id = ids.get('IV')!;
      expect((await call(reviewer, 'POST', `review/statements/${id}/take`)).json().actions).toEqual([
        'decide',
        'give-back',
        'reveal',
      ]);
      expect((await call(other, 'POST', `review/statements/${id}/take`)).statusCode).toBe(409);
      const notHers = await call(other, 'POST', `review/statements/${id}/decision`, { outcome: 'accept' });
      expect(notHers.statusCode).toBe(403);
      const noReason = await call(reviewer, 'POST', `review/statements/${id}/decision`, {
        outcome: 'reject',
      });
      expect(noReason.json()).toEqual({ message: messages.reasonMissing });

      const rejected = await call(reviewer, 'POST', `review/statements/${id}/decision`, {
        outcome: 'reject',
        reason: WRONG_COUPON.key,
        note: 'Kupon rozmazany, kod nieczytelny.',
      });
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json()).toMatchObject({
        state: 'rejected',
        decision: { outcome: 'reject', reason: WRONG_COUPON.key, note: 'Kupon rozmazany, kod nieczytelny.' },
        final: {
          outcome: 'reject',
          canUndo: true,
          undoUntil: new Date(now.real + 2 * MINUTE_MS).toISOString(),
        },
        actions: ['undo'],
      });
      // Until the window has passed, the winner reads "in review", and the mail waits.
      expect(await statementLink(CODES.IV)).toEqual({ status: 'received', tier: 'IV', review: 'in-review' });
      const [first] = await verdicts(id);
      expect(first).toMatchObject({
        state: 'queued',
        next_attempt_at: new Date(now.real + 2 * MINUTE_MS).toISOString(),
      });

      // A slip of the hand: undone within the window, the mail withdrawn.
      now.real += MINUTE_MS;
      expect((await call(other, 'POST', `review/statements/${id}/undo`)).statusCode).toBe(403);
      const undone = await call(reviewer, 'POST', `review/statements/${id}/undo`);
      expect(undone.json()).toMatchObject({ state: 'in-review', decision: null, final: null });
      expect((await verdicts(id))[0]).toMatchObject({ state: 'cancelled', sealed: null });

      await call(reviewer, 'POST', `review/statements/${id}/decision`, {
        outcome: 'reject',
        reason: WRONG_COUPON.key,
      });
      now.real += 2 * MINUTE_MS + 1;
      expect((await call(reviewer, 'POST', `review/statements/${id}/undo`)).json()).toEqual({
        message: messages.undoClosed,
      });
      expect(await statementLink(CODES.IV)).toEqual({
        status: 'received',
        tier: 'IV',
        review: 'rejected',
        reason: WRONG_COUPON.sentence,
        reference: expect.stringMatching(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/),
      });
      const queued = (await verdicts(id)).filter((row) => row.state === 'queued');
      expect(queued).toHaveLength(1);
      const order = openOrder([t.statementsKey], queued[0]!.id, queued[0]!.sealed!);
      expect(order.to).toBe('jan.kowalski@example.com');
      const mail = composeMail(order.facts as MailFacts);
      // Plain text is wrapped at 78 characters.
      expect(mail.text.replace(/\s+/g, ' ')).toContain(WRONG_COUPON.sentence);
      expect(mail.text).toContain(references.get('IV'));
      for (const personal of ['Jan', 'Kowalski', 'jan.kowalski', '44051401359', 'Kupon rozmazany', 'Długa'])
        expect(mail.text + mail.html + mail.subject).not.toContain(personal);
      expect(await auditOf('decision', id)).toHaveLength(2);
      expect(await auditOf('decision-undone', id)).toHaveLength(1);
    });

    it('needs an approver who is not the reviewer for a prize with a tax award', async () => {
      const both = await personWith(['reviewer', 'approver']);
      const approver = await personWith(['approver']);
      const id = ids.get('I')!;
      await call(both, 'POST', `review/statements/${id}/take`);
      const decided = await call(both, 'POST', `review/statements/${id}/decision`, { outcome: 'accept' });
      expect(decided.json()).toMatchObject({ state: 'awaiting-approval', final: null, actions: [] });
      expect(await verdicts(id)).toEqual([]);

      const own = await call(both, 'POST', `review/statements/${id}/approval`, { outcome: 'confirm' });
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual({ message: messages.ownDecision });

      const back = await call(approver, 'POST', `review/statements/${id}/approval`, {
        outcome: 'send-back',
        note: 'Sprawdź numer konta jeszcze raz.',
      });
      expect(back.json()).toMatchObject({
        state: 'in-review',
        decision: null,
        approval: { outcome: 'send-back', by: approver.email, note: 'Sprawdź numer konta jeszcze raz.' },
      });
      await call(both, 'POST', `review/statements/${id}/decision`, { outcome: 'accept' });
      const confirmed = await call(approver, 'POST', `review/statements/${id}/approval`, {
        outcome: 'confirm',
      });
      expect(confirmed.json()).toMatchObject({
        state: 'accepted',
        final: { outcome: 'accept', canUndo: true },
        actions: ['undo'],
      });
      // The reviewer did not make the final decision: only the approver may undo it.
      expect((await call(both, 'GET', `review/statements/${id}`)).json().actions).toEqual([]);
      expect(
        (await call(approver, 'POST', `review/statements/${id}/approval`, { outcome: 'confirm' })).statusCode,
      ).toBe(409);
      const [verdict] = await verdicts(id);
      const order = openOrder([t.statementsKey], verdict!.id, verdict!.sealed!);
      expect(order.facts).toMatchObject({
        kind: 'verdict',
        outcome: 'accepted',
        reference: references.get('I'),
      });
      expect(await auditOf('approval', id)).toHaveLength(2);
      expect(await verifyAudit(t.storage)).toMatchObject({ verified: true });
    });
  });
}
