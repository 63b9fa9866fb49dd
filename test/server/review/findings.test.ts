import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import reviewTexts from '#content/review.json';
import { prizes, type TierId } from '#shared/campaign.ts';
import { payloadRow, tierPayload } from '#shared/statement/payload.ts';
import { NOT_LISTED } from '#server/review/view.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { storageTargets } from '../helpers/storage-targets';
import { panelSettings, panelStaff, sendStatements } from '../helpers/panel';
import { importLinkHashes, winnersFixture } from '../helpers/winners-fixture';

// docs/decisions/review.md#findings: what the statement page says about the photo and the name drawn.

const texts = reviewTexts.findings;

describe('the labels of a statement’s fields', () => {
  it('name in Polish every field any tier can send, nested parts and a missing address too', () => {
    const labels: Record<string, string> = reviewTexts.fields;
    const unlabelled = prizes.tiers.flatMap((tier) =>
      tierPayload(tier).flatMap(([field]) => {
        if (NOT_LISTED.has(field)) return [];
        const { shape, nullable } = payloadRow(field);
        const parts = Object.keys((shape.properties as Record<string, unknown> | undefined) ?? {});
        // An object is listed by its parts; a null one (no address) by its own name.
        const names = [
          ...parts.map((part) => `${field}.${part}`),
          ...(parts.length === 0 || nullable ? [field] : []),
        ];
        return names.filter((name) => !labels[name]).map((name) => `${tier.id}: ${name}`);
      }),
    );
    expect(unlabelled).toEqual([]);
  });
});

for (const target of storageTargets) {
  describe(`the findings of a statement on ${target.name}`, () => {
    let t: TestApp;
    const clock = fakeClock({ real: () => Date.parse('2026-07-10T08:00:00Z') });
    const ids = new Map<string, string>();
    const { personWith, call } = panelStaff(() => t, clock);

    const findingsOf = async (tier: string) => {
      const reviewer = await personWith(['reviewer']);
      const view = (await call(reviewer, 'GET', `review/statements/${ids.get(tier)}`)).json();
      return view.findings as Array<{ level: string; text: string }>;
    };

    beforeAll(async () => {
      t = await openTestApp(target, { panel: panelSettings, rateLimitMax: 10_000 }, clock);
      const hashes = await importLinkHashes(t, winnersFixture);
      const codes: Array<[TierId, string]> = [
        ['I', 'C0000000001'],
        ['II', 'B0000000005'],
        ['IV', 'Z0000000004'],
        ['VI', 'E1B2C3D4E5F'],
      ];
      const sent = await sendStatements(t, codes, hashes);
      for (const [tier, { id }] of sent) ids.set(tier, id);
      // A coupon code's statement stored without its photo (the form requires it: an older row, say).
      await t.storage.db
        .updateTable('statements')
        .set({ image: null })
        .where('id', '=', ids.get('II')!)
        .execute();
    });
    afterAll(async () => {
      await t.close();
    });

    it('follows the code’s type for the coupon photo', async () => {
      expect(await findingsOf('I')).toContainEqual({ level: 'ok', text: texts.photo });
      const missing = await findingsOf('II');
      expect(missing).toContainEqual({ level: 'warning', text: texts.noPhoto });
      expect(texts.noPhoto).toMatch(/^Kod z kuponu/);
      const online = await findingsOf('VI');
      expect(online).toContainEqual({ level: 'info', text: texts.onlineNoPhoto });
      expect(texts.onlineNoPhoto).toMatch(/^Kod internetowy/);
      expect(online.map((finding) => finding.text)).not.toContain(texts.noPhoto);
    });

    it('shows the name the prize was drawn to beside the name the winner typed', async () => {
      expect(await findingsOf('I')).toContainEqual({
        level: 'info',
        text: 'Nagroda wylosowana dla: Jan K. (w oświadczeniu: Jan Kowalski)',
      });
      // An instant prize has no name in the winners file.
      const instant = await findingsOf('IV');
      expect(instant.some((finding) => finding.text.startsWith('Nagroda wylosowana'))).toBe(false);
    });
  });
}
