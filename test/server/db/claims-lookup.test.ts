import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findClaimByHashDigest, findClaimsByCode } from '#server/db/claims.ts';
import type { ClaimTable } from '#server/db/types.ts';
import { storageTargets } from '../helpers/storage-targets';

const CODE = 'A1B2C3D4E5F';

const claim = (id: string, createdAt: string, recordKey: string, hashDigest: string | null = null) =>
  ({
    id,
    record_key: recordKey,
    code: CODE,
    tier: 'I',
    prize: 'SAMOCHOD',
    hash_digest: hashDigest,
    email_digest: null,
    phone_digest: null,
    email_sealed: null,
    created_at: createdAt,
  }) satisfies ClaimTable;

// The claims of a code, as the statement calls and the operator's commands find them (src/server/db/claims.ts):
// in the order they were issued (then by id), each with whether its statement arrived and whether its prize
// passed to a reserve winner.
describe.each(storageTargets)('claims of a code on $name', (target) => {
  it('come in the order they were issued, then by id, with their statement and reserve flags', async () => {
    const { storage, drop } = await target.open();
    try {
      const [early, late, sameTimeLow, sameTimeHigh] = [
        claim(randomUUID(), '2025-07-01T10:00:00.000Z', 'draw|early', 'digest-early'),
        claim(randomUUID(), '2025-07-09T10:00:00.000Z', 'draw|late'),
        claim(`0${randomUUID().slice(1)}`, '2025-07-05T10:00:00.000Z', 'draw|low'),
        claim(`f${randomUUID().slice(1)}`, '2025-07-05T10:00:00.000Z', 'draw|high'),
      ];
      // Inserted out of order, so that the answer's order is the lookup's own.
      await storage.db.insertInto('claims').values([late, sameTimeHigh, early, sameTimeLow]).execute();
      await storage.db
        .insertInto('draw_winners')
        .values({
          record_key: 'draw|early',
          draw_name: 'Draw1',
          price: 'SAMOCHOD',
          price_rank: 1,
          code: CODE,
          name: 'Jan K.',
          testimonial_id: 't1',
          passed_to: 'reserve|1',
        })
        .execute();
      const now = new Date().toISOString();
      await storage.db
        .insertInto('statements')
        .values({
          id: randomUUID(),
          claim_id: sameTimeHigh.id,
          tier: 'I',
          code: CODE,
          payload: '',
          secrets: 'x',
          image: null,
          reference: null,
          created_at: now,
          campaign_received_at: now,
        })
        .execute();

      const found = await findClaimsByCode(storage.db, CODE, 'I');
      expect(found.map(({ id, has_statement, passed_on }) => ({ id, has_statement, passed_on }))).toEqual([
        { id: early.id, has_statement: false, passed_on: true },
        { id: sameTimeLow.id, has_statement: false, passed_on: false },
        { id: sameTimeHigh.id, has_statement: true, passed_on: false },
        { id: late.id, has_statement: false, passed_on: false },
      ]);
      expect(found[0]).toMatchObject(early);
      expect(await findClaimsByCode(storage.db, CODE, 'II')).toEqual([]);
      expect(await findClaimByHashDigest(storage.db, 'digest-early')).toEqual(found[0]);
    } finally {
      await storage.close();
      await drop();
    }
  });
});
