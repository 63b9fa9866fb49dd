import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { StatementWriter } from '../../src/server/db/statements';
import type { StatementTable } from '../../src/server/db/types';
import { storageTargets } from './storage-targets';

const row = (claimId: string): StatementTable => ({
  id: randomUUID(),
  claim_id: claimId,
  tier: 'VI',
  code: 'A1B2C3D4E5F',
  payload: '{}',
  secrets: 'x',
  image: null,
  created_at: new Date().toISOString(),
});

describe.each(storageTargets)('statement writer (group commit) on $name', (target) => {
  it('stores what arrives together in one go; a duplicate or a bad row fails only itself', async () => {
    const { storage, drop } = await target.open();
    try {
      const claims = Array.from({ length: 30 }, (_, index) => ({
        id: randomUUID(),
        record_key: `instant|2025-07-01|C${index}|KASA_200`,
        code: `C${String(index).padStart(10, '0')}`,
        tier: 'VI',
        prize: 'KASA_200',
        hash_digest: null,
        created_at: new Date().toISOString(),
      }));
      await storage.db.insertInto('claims').values(claims).execute();
      const writer = new StatementWriter(storage.db);
      const results = await Promise.allSettled([
        ...claims.map((claim) => writer.insert(row(claim.id))),
        writer.insert(row(claims[0]!.id)), // a second statement for one claim
        writer.insert(row('no-such-claim')), // breaks the foreign key
      ]);
      expect(results.slice(0, 30).map((result) => result.status === 'fulfilled' && result.value)).toEqual(
        Array(30).fill('stored'),
      );
      expect(results[30]).toEqual({ status: 'fulfilled', value: 'duplicate' });
      expect(results[31]!.status).toBe('rejected');
      const stored = await storage.db.selectFrom('statements').select('claim_id').execute();
      expect(stored.map((statement) => statement.claim_id).sort()).toEqual(
        claims.map((claim) => claim.id).sort(),
      );
    } finally {
      await storage.close();
      await drop();
    }
  });
});
