import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { copyDatabase } from '../helpers/copy-database';
import { runOperator } from '../helpers/operator';
import { sendStatements } from '../helpers/panel';
import { insertFinalReview, storedSecrets } from '../helpers/retention-rows';
import { storageTargets } from '../helpers/storage-targets';
import { importLinkHashes, winnersFixture } from '../helpers/winners-fixture';

// docs/decisions/retention.md#keys: the daily run seals each statement whose purge day is known with the key
// of that day's year, and the run that empties a year's last statements destroys the key: a copy of the
// database taken before that run cannot show them.
describe.each(storageTargets)("retention with the years' keys on $name", (target) => {
  let t: TestApp;
  const sent = new Map<string, { id: string; reference: string }>();
  const operator = (...args: string[]) => runOperator(args, t);
  const ON_2031 = { CAMPAIGN_NOW: '2031-01-01T12:00:00+01:00' };
  const secretsOf = (tier: string) => storedSecrets(t, sent.get(tier)!.id);
  const paid = (tier: string, paidAt: string) =>
    insertFinalReview(t, { id: sent.get(tier)!.id, tier }, 'accepted', paidAt);

  beforeAll(async () => {
    t = await openTestApp(target, { rateLimitMax: 10_000 }, fakeClock());
    const hashes = await importLinkHashes(t, winnersFixture);
    const statements = await sendStatements(
      t,
      [
        ['VI', 'A1B2C3D4E5F'],
        ['WINTO', 'W0000000002'],
      ],
      hashes,
    );
    for (const [tier, statement] of statements) sent.set(tier, statement);
    // VI paid on 10 Sep 2025: purged on 2031-01-01; WinTo! paid on 15 Dec 2025, its tax due in 2026: 2032-01-01.
    await paid('VI', '2025-09-10T10:00:00.000Z');
    await paid('WINTO', '2025-12-15T10:00:00.000Z');
  });
  afterAll(async () => {
    await t.close();
  });

  it('seals with the purge year, destroys the year emptied, and a copy taken before shows nothing of it', async () => {
    expect(await secretsOf('VI')).not.toMatch(/^y/);
    const sealing = await operator('retention-run', '--on', '2026-06-01', '--apply');
    expect(sealing.exitCode).toBe(0);
    expect(await secretsOf('VI')).toMatch(/^y2031\./);
    expect(await secretsOf('WINTO')).toMatch(/^y2032\./);

    const copy = await copyDatabase(t);
    try {
      // On that day of the campaign clock: a later day than today is refused (issue 51).
      const purge = await runOperator(['retention-run', '--on', '2031-01-01', '--apply'], t, ON_2031);
      expect(purge.lines.at(-1)).toMatchObject({ held: 0 });
      const receipts = await t.storage.db
        .selectFrom('retention_receipts')
        .select('reference')
        .where('class', '=', 'statements')
        .execute();
      expect(receipts).toEqual([{ reference: sent.get('VI')!.reference }]);
      expect(purge.stderr).toContain('Zniszczono klucze lat: 2031');
      // docs/decisions/storage.md#bounded-keys: every other key is replaced, what it sealed sealed anew.
      expect(purge.stderr).toContain('Wymieniono klucze: 2032');
      expect(await secretsOf('VI')).toBe('');
      const keyBefore = (await secretsOf('WINTO')).split('.')[1];
      const keys = fs.readdirSync(path.join(t.dataDir, 'year-keys'));
      expect(keys.filter((name) => name.startsWith('2031-') && name.endsWith('.key'))).toEqual([]);
      expect(keys.filter((name) => name.startsWith('2032-') && name.endsWith('.key'))).toEqual([
        `2032-${keyBefore}.key`,
      ]);

      const liveKeys = keys.filter((name) => name.endsWith('.key'));
      // The copy, restored beside the keys that remain.
      const out = path.join(copy.dataDir, 'export.csv');
      const exported = await runOperator(
        ['export-statements', '--out', out],
        { ...copy, statementsKey: t.statementsKey, audit: t.audit },
        { YEAR_KEYS_DIR: path.join(t.dataDir, 'year-keys') },
      );
      expect(exported.exitCode, exported.stderr).toBe(0);
      // Taken before the run, the copy opens nothing the run's keys sealed: the emptied statement, nor the one
      // whose key was replaced (docs/deploy.md#year-keys: back up after such a run).
      expect(exported.lines).toEqual([{ out, statements: 0, keyDestroyed: 2 }]);
      expect(exported.stderr).toContain(
        `Oświadczenie ${sent.get('VI')!.reference}: jego klucz (rok 2031) zniszczono przy usuwaniu danych`,
      );
      expect(exported.stderr).toContain(
        `Oświadczenie ${sent.get('WINTO')!.reference}: jego klucz (rok 2032) zniszczono przy usuwaniu danych`,
      );
      // The retention run again on the restored copy (docs/deploy.md#year-keys) finds the keys its run destroyed
      // gone, and leaves the live database's keys alone: they seal nothing the copy holds.
      const again = await runOperator(
        ['retention-run', '--on', '2031-01-01', '--apply'],
        { ...copy, statementsKey: t.statementsKey, audit: t.audit },
        { YEAR_KEYS_DIR: path.join(t.dataDir, 'year-keys'), ...ON_2031 },
      );
      expect(again.exitCode, again.stderr).toBe(0);
      for (const name of liveKeys)
        expect(fs.existsSync(path.join(t.dataDir, 'year-keys', name)), name).toBe(true);
      expect((await operator('retention-plan', '--reference', sent.get('WINTO')!.reference)).exitCode).toBe(
        0,
      );
      expect((await operator('audit-verify')).lines).toEqual([
        { entries: expect.any(Number), verified: true },
      ]);
    } finally {
      await copy.drop();
    }
  });
});
