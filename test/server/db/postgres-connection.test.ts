import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { pingDatabase } from '#server/db/index.ts';
import { storageTargets } from '../helpers/storage-targets';

const postgres = storageTargets.find((target) => target.name === 'postgres');

describe.skipIf(!postgres)('PostgreSQL connections', () => {
  it('outlive an idle connection the database drops: the server keeps answering', async () => {
    const { storage, drop } = await postgres!.open();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(storage.db);
      // The pool now holds that connection idle; the database ends it (as a restart or failover would).
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await expect(pingDatabase(storage.db)).resolves.toBeUndefined();
    } finally {
      await admin.end();
      await storage.close();
      await drop();
    }
  });
});
