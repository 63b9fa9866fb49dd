import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openStorage } from '#server/db/index.ts';
import { storageTargets } from '../helpers/storage-targets';

const ARRIVED = '2025-07-12T09:30:00.000Z';

// docs/decisions/server-house.md#two-clocks-chosen-per-use: a database from before 008 has statements
// that arrived on one clock only; the migration gives them that instant on the campaign clock too.
describe.each(storageTargets)('migration 008_statement_campaign_arrival on $name', (target) => {
  it('dates the statements stored before it on the campaign clock by their arrival', async () => {
    const { storage, dataDir, databaseUrl, drop } = await target.open();
    let reopened: Awaited<ReturnType<typeof openStorage>> | undefined;
    try {
      await storage.db
        .insertInto('claims')
        .values({
          id: 'claim-1',
          record_key: 'instant|2025-07-01|A1B2C3D4E5F|KASA_200',
          code: 'A1B2C3D4E5F',
          tier: 'VI',
          prize: 'KASA_200',
          hash_digest: null,
          email_digest: null,
          phone_digest: null,
          email_sealed: null,
          created_at: '2025-07-10T08:00:00.000Z',
        })
        .execute();
      const statement = {
        claim_id: 'claim-1',
        tier: 'VI',
        code: 'A1B2C3D4E5F',
        payload: '',
        secrets: 'x',
        image: null,
        reference: null,
        created_at: ARRIVED,
        campaign_received_at: '',
      };
      await storage.db
        .insertInto('statements')
        .values({ ...statement, id: 'kept' })
        .execute();
      await storage.db
        .insertInto('rejected_statements')
        .values({ ...statement, id: 'set-aside', rejected_at: ARRIVED })
        .execute();
      // As the database was before the migration.
      for (const table of ['statements', 'rejected_statements'])
        await sql`alter table ${sql.table(table)} drop column campaign_received_at`.execute(storage.db);
      await sql`delete from kysely_migration where name = '008_statement_campaign_arrival'`.execute(
        storage.db,
      );
      await storage.close();

      reopened = await openStorage({ dataDir, databaseUrl });
      const { db } = reopened;
      expect(await db.selectFrom('statements').select('campaign_received_at').execute()).toEqual([
        { campaign_received_at: ARRIVED },
      ]);
      expect(await db.selectFrom('rejected_statements').select('campaign_received_at').execute()).toEqual([
        { campaign_received_at: ARRIVED },
      ]);
    } finally {
      await reopened?.close();
      await drop();
    }
  });
});
