import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '#content/staff-messages.json';
import { verifyAudit } from '#server/staff/audit.ts';
import type { TierId } from '#shared/campaign.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { panelSettings, panelStaff, sendStatements, type PanelPerson } from '../helpers/panel';
import { storageTargets } from '../helpers/storage-targets';
import { importLinkHashes, winnersFixture } from '../helpers/winners-fixture';

// docs/decisions/review.md#unmasking and docs/decisions/staff.md#role-pairs: the data shown only to whoever
// acts on a statement now, and a prize paid only by someone who neither decided nor approved it.

const MINUTE_MS = 60_000;
const CODES = { I: 'C0000000001', VI: 'A1B2C3D4E5F', WINTO: 'W0000000002' } as const;
const PESEL = '44051401359';

for (const target of storageTargets) {
  describe(`who may see and pay on ${target.name}`, () => {
    let t: TestApp;
    const now = { real: Date.parse('2026-07-10T08:00:00Z') };
    const clock = fakeClock({ real: () => now.real });
    const ids = new Map<string, string>();
    const { personWith, call } = panelStaff(() => t, clock);

    /** A person's looks at statements' data in the trail. */
    const looksBy = (actor: string) =>
      t.storage.db
        .selectFrom('audit_log')
        .selectAll()
        .where('actor', '=', actor)
        .where('action', 'in', ['statement-revealed', 'photo-viewed'])
        .orderBy('seq')
        .execute();
    const reveal = (person: PanelPerson, id: string, body: object) =>
      call(person, 'POST', `review/statements/${id}/reveal`, { field: 'pesel', ...body });
    const photo = (person: PanelPerson, id: string, query: string) =>
      call(person, 'GET', `review/statements/${id}/image${query}`);

    beforeAll(async () => {
      t = await openTestApp(target, { panel: panelSettings, rateLimitMax: 10_000 }, clock);
      const hashes = await importLinkHashes(t, winnersFixture);
      const sent = await sendStatements(t, Object.entries(CODES) as [TierId, string][], hashes);
      for (const [tier, { id }] of sent) ids.set(tier, id);
    });
    afterAll(async () => {
      await t.close();
    });

    it('shows a number or the photo only to the reviewer holding the statement, for a reason from the list', async () => {
      const holder = await personWith(['reviewer', 'approver']);
      const other = await personWith(['reviewer', 'approver']);
      const id = ids.get('I')!;
      // Nobody holds it yet: not even a reviewer may look.
      const untaken = await reveal(holder, id, { reason: 'identity' });
      expect(untaken.statusCode).toBe(403);
      expect(untaken.json()).toEqual({ message: messages.revealNotYours });
      expect((await call(holder, 'POST', `review/statements/${id}/take`)).json().actions).toEqual([
        'decide',
        'give-back',
        'reveal',
      ]);

      // Someone else's statement: refused, the photo too, with no value or picture in the answer.
      expect((await call(other, 'GET', `review/statements/${id}`)).json().actions).toEqual(['release']);
      const foreign = await reveal(other, id, { reason: 'identity' });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual({ message: messages.revealNotYours });
      expect(foreign.body).not.toContain(PESEL);
      const foreignPhoto = await photo(other, id, '?reason=coupon');
      expect(foreignPhoto.statusCode).toBe(403);
      expect(foreignPhoto.json()).toEqual({ message: messages.revealNotYours });

      // A reason not on the list, the old free text, a missing one, a long note: refused, nothing shown.
      for (const body of [{ reason: 'ciekawość' }, { reason: 'porównanie z dowodem' }, {}]) {
        const unknown = await reveal(holder, id, body);
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json()).toEqual({ message: messages.revealReasonInvalid });
      }
      const long = await reveal(holder, id, { reason: 'identity', note: 'x'.repeat(201) });
      expect(long.json()).toEqual({ message: messages.revealNoteTooLong });
      // docs/decisions/retention.md#notes: the note lands in the trail for good, so no personal number in it.
      for (const note of [
        `PESEL ${PESEL}`,
        'dowód ABA 300000',
        'paszport AB1234567',
        'PL61 1090 1014 0000 0712 1981 2874',
      ]) {
        const personal = await reveal(holder, id, { reason: 'identity', note });
        expect(personal.statusCode).toBe(400);
        expect(personal.json()).toEqual({ message: messages.revealNotePersonal });
      }
      const personalPhoto = await photo(
        holder,
        id,
        `?reason=coupon&note=${encodeURIComponent(`PESEL ${PESEL}`)}`,
      );
      expect(personalPhoto.statusCode).toBe(400);
      expect(personalPhoto.json()).toEqual({ message: messages.revealNotePersonal });
      expect((await photo(holder, id, '')).json()).toEqual({ message: messages.revealReasonInvalid });
      expect((await photo(holder, id, '?reason=ciekawosc')).statusCode).toBe(400);
      expect(await looksBy(other.id)).toEqual([]);

      const shown = await reveal(holder, id, { reason: 'identity', note: ' Zgodność z kopią dowodu ' });
      expect(shown.json()).toEqual({ value: PESEL });
      const image = await photo(holder, id, '?reason=coupon');
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      const looks = await looksBy(holder.id);
      expect(looks).toMatchObject([
        {
          action: 'statement-revealed',
          reason: 'identity',
          details: JSON.stringify({ field: 'pesel', note: 'Zgodność z kopią dowodu' }),
        },
        { action: 'photo-viewed', reason: 'coupon', details: null },
      ]);
      expect(await verifyAudit(t.storage)).toMatchObject({ verified: true });
      await call(holder, 'POST', `review/statements/${id}/give-back`);
    });

    it('shows them to an approver only while the statement awaits their approval, never to its reviewer', async () => {
      const [holder, approver] = await Promise.all([
        personWith(['reviewer', 'approver']),
        personWith(['approver']),
      ]);
      const id = ids.get('I')!;
      await call(holder, 'POST', `review/statements/${id}/take`);
      // In review: the approver does not act on it yet.
      expect((await reveal(approver, id, { reason: 'approval' })).statusCode).toBe(403);
      expect((await photo(approver, id, '?reason=approval')).statusCode).toBe(403);

      await call(holder, 'POST', `review/statements/${id}/decision`, { outcome: 'accept' });
      // Its reviewer holds the approver role too, but does not approve their own decision: no look either.
      expect((await call(holder, 'GET', `review/statements/${id}`)).json().actions).toEqual([]);
      const own = await reveal(holder, id, { reason: 'approval' });
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual({ message: messages.revealNotYours });
      expect((await photo(holder, id, '?reason=approval')).statusCode).toBe(403);

      expect((await call(approver, 'GET', `review/statements/${id}`)).json().actions).toEqual([
        'approve',
        'send-back',
        'reveal',
      ]);
      expect((await reveal(approver, id, { reason: 'approval' })).json()).toEqual({ value: PESEL });
      expect((await photo(approver, id, '?reason=coupon&note=Kod')).statusCode).toBe(200);

      // Decided for good: nobody acts on it any more, so nobody looks.
      await call(approver, 'POST', `review/statements/${id}/approval`, { outcome: 'confirm' });
      expect((await reveal(approver, id, { reason: 'approval' })).statusCode).toBe(403);
      expect((await photo(approver, id, '?reason=coupon')).statusCode).toBe(403);
      expect(await looksBy(holder.id)).toEqual([]);
      const looks = await looksBy(approver.id);
      expect(looks.map((entry) => [entry.action, entry.reason, entry.details])).toEqual([
        ['statement-revealed', 'approval', JSON.stringify({ field: 'pesel' })],
        ['photo-viewed', 'coupon', JSON.stringify({ note: 'Kod' })],
      ]);
    });

    it('keeps whoever decided or approved a prize from exporting it or marking it paid; another payout person pays', async () => {
      const decider = await personWith(['reviewer', 'payout']);
      const reviewer = await personWith(['reviewer']);
      const approver = await personWith(['approver', 'payout']);
      const clerk = await personWith(['payout']);
      const [vi, winto] = [ids.get('VI')!, ids.get('WINTO')!];
      await call(decider, 'POST', `review/statements/${vi}/take`);
      await call(decider, 'POST', `review/statements/${vi}/decision`, { outcome: 'accept' });
      // The list is in the order of the decisions.
      now.real += 1_000;
      await call(reviewer, 'POST', `review/statements/${winto}/take`);
      await call(reviewer, 'POST', `review/statements/${winto}/decision`, { outcome: 'accept' });
      await call(approver, 'POST', `review/statements/${winto}/approval`, { outcome: 'confirm' });
      now.real += 2 * MINUTE_MS + 1;

      for (const [person, own] of [
        [decider, vi],
        [approver, winto],
      ] as const) {
        for (const chosen of [[own], [vi, winto]]) {
          const file = await call(person, 'POST', 'payouts/export', { ids: chosen });
          expect(file.statusCode).toBe(403);
          expect(file.json()).toEqual({ message: messages.payoutOwnDecision });
          expect(file.body).not.toMatch(/Kowalski|PL61/);
          const paid = await call(person, 'POST', 'payouts/paid', { ids: chosen });
          expect(paid.statusCode).toBe(403);
          expect(paid.json()).toEqual({ message: messages.payoutOwnDecision });
        }
        const exports = t.storage.db
          .selectFrom('audit_log')
          .select('seq')
          .where('action', '=', 'payouts-exported');
        expect(await exports.where('actor', '=', person.id).execute()).toEqual([]);
      }
      const paidRows = t.storage.db.selectFrom('reviews').select('paid_at').where('paid_at', 'is not', null);
      expect(await paidRows.execute()).toEqual([]);

      // The list shows each person which prizes are theirs, for another person to pay.
      const listed = async (person: PanelPerson) =>
        (await call(person, 'GET', 'payouts'))
          .json()
          .items.map((item: { id: string; decidedByYou: boolean }) => [item.id, item.decidedByYou]);
      expect(await listed(decider)).toEqual([
        [vi, true],
        [winto, false],
      ]);
      expect(await listed(approver)).toEqual([
        [vi, false],
        [winto, true],
      ]);
      expect(await listed(clerk)).toEqual([
        [vi, false],
        [winto, false],
      ]);

      // The other one's prize is theirs to pay; the clerk pays both.
      expect((await call(decider, 'POST', 'payouts/export', { ids: [winto] })).statusCode).toBe(200);
      const file = await call(clerk, 'POST', 'payouts/export', { ids: [vi, winto] });
      expect(file.statusCode).toBe(200);
      expect(file.body).toContain('Kowalski');
      expect((await call(clerk, 'POST', 'payouts/paid', { ids: [vi, winto] })).json()).toEqual({ paid: 2 });
      expect(await verifyAudit(t.storage)).toMatchObject({ verified: true });
    });

    it('answers a page of the queue or the trail that cannot be one with a Polish 400, not a 500', async () => {
      const reviewer = await personWith(['reviewer']);
      const auditor = await personWith(['auditor']);
      for (const page of ['99999999999999999999', '1e3', '1.5', '0', '-1', 'abc', '', '100001']) {
        const answer = await call(reviewer, 'GET', `review/queue?page=${page}`);
        expect(answer.statusCode, page).toBe(400);
        expect(answer.json()).toEqual({ message: messages.queuePageInvalid });
      }
      const past = await call(reviewer, 'GET', 'review/queue?state=accepted&page=100000');
      expect(past.json()).toMatchObject({ items: [], page: 100000 });
      for (const before of ['99999999999999999999', '3000000000', '1e3', '-1']) {
        const answer = await call(auditor, 'GET', `audit?before=${before}`);
        expect(answer.statusCode, before).toBe(400);
        expect(answer.json()).toEqual({ message: messages.auditFilterInvalid });
      }
      expect((await call(auditor, 'GET', 'audit?before=2147483647')).statusCode).toBe(200);
    });
  });
}
