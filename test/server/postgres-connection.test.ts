import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openStorage, pingDatabase } from '../../src/server/db';

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('PostgreSQL connections', () => {
  it('outlive an idle connection the database drops: the server keeps answering', async () => {
    const url = new URL(baseUrl!);
    const name = `loteria-drop-${process.pid}`;
    url.searchParams.set('application_name', name);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-test-'));
    const storage = await openStorage({ dataDir, databaseUrl: url.toString() });
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      await pingDatabase(storage.db);
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [name],
      );
      expect(rowCount).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await expect(pingDatabase(storage.db)).resolves.toBeUndefined();
    } finally {
      await admin.end();
      await storage.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
