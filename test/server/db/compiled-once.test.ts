import { describe, expect, it } from 'vitest';
import { compiledOnce } from '#server/db/compiled-once.ts';
import { storageTargets } from '../helpers/storage-targets';

const draw = (recordKey: string, code: string, priceRank: number) => ({
  record_key: recordKey,
  draw_name: 'Draw1',
  price: 'SAMOCHOD',
  price_rank: priceRank,
  code,
  name: 'Jan K.',
  testimonial_id: recordKey,
});

// A query compiled once per database and run with each call's values (src/server/db/compiled-once.ts).
const keysOf = compiledOnce(2, (db, code: string, rank: number) =>
  db
    .selectFrom('draw_winners')
    .select('record_key')
    .where('code', '=', code)
    .where('draw_name', '=', 'Draw1')
    .where('price_rank', '>=', rank)
    .orderBy('record_key'),
);

describe.each(storageTargets)('a query compiled once on $name', (target) => {
  it("runs with each call's values in their places, its own values kept", async () => {
    const { storage, drop } = await target.open();
    try {
      await storage.db
        .insertInto('draw_winners')
        .values([draw('a', 'C1', 1), draw('b', 'C1', 2), draw('c', 'C2', 2)])
        .execute();
      const keys = async (code: string, rank: number) =>
        (await keysOf(storage.db, code, rank)).map((row) => row.record_key);
      expect(await keys('C1', 1)).toEqual(['a', 'b']);
      expect(await keys('C1', 2)).toEqual(['b']);
      expect(await keys('C2', 1)).toEqual(['c']);
      expect(await keys('C3', 1)).toEqual([]);
    } finally {
      await storage.close();
      await drop();
    }
  });
});
