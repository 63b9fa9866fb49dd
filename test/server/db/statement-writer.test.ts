import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { StatementWriter } from '#server/db/statements.ts';
import type { StatementTable } from '#server/db/types.ts';
import type { Storage } from '#server/db/index.ts';
import { storageTargets, type StorageTarget } from '../helpers/storage-targets';

const row = (claimId: string): StatementTable => {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    claim_id: claimId,
    tier: 'VI',
    code: 'A1B2C3D4E5F',
    payload: '{}',
    secrets: 'x',
    image: null,
    reference: null,
    created_at: now,
    campaign_received_at: now,
  };
};

async function withClaims(
  target: StorageTarget,
  count: number,
  run: (storage: Storage, claimIds: string[]) => Promise<void>,
) {
  const { storage, drop } = await target.open();
  try {
    const claims = Array.from({ length: count }, (_, index) => ({
      id: randomUUID(),
      record_key: `instant|2025-07-01|C${index}|KASA_200`,
      code: `C${String(index).padStart(10, '0')}`,
      tier: 'VI',
      prize: 'KASA_200',
      hash_digest: null,
      created_at: new Date().toISOString(),
    }));
    await storage.db.insertInto('claims').values(claims).execute();
    await run(
      storage,
      claims.map((claim) => claim.id),
    );
  } finally {
    await storage.close();
    await drop();
  }
}

const storedClaims = async (storage: Storage) =>
  (await storage.db.selectFrom('statements').select('claim_id').execute()).map((row) => row.claim_id).sort();

describe.each(storageTargets)('statement writer (group commit) on $name', (target) => {
  it('stores what arrives together in one INSERT; of two for one claim, one is stored', async () => {
    await withClaims(target, 30, async (storage, claimIds) => {
      const writer = new StatementWriter(storage.db);
      const results = await Promise.all([
        ...claimIds.map((claimId) => writer.insert(row(claimId))),
        writer.insert(row(claimIds[0]!)),
      ]);
      expect(results).toEqual([...Array(30).fill('stored'), 'duplicate']);
      expect(await storedClaims(storage)).toEqual([...claimIds].sort());
    });
  });

  it('a row that breaks a constraint fails alone; the others are stored', async () => {
    await withClaims(target, 3, async (storage, claimIds) => {
      const writer = new StatementWriter(storage.db);
      const results = await Promise.allSettled([
        ...claimIds.map((claimId) => writer.insert(row(claimId))),
        writer.insert(row('no-such-claim')), // breaks the foreign key
      ]);
      expect(results.slice(0, 3)).toEqual(Array(3).fill({ status: 'fulfilled', value: 'stored' }));
      expect(results[3]!.status).toBe('rejected');
      expect(await storedClaims(storage)).toEqual([...claimIds].sort());
    });
  });
});
