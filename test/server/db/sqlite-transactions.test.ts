import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME, openStorage } from '#server/db/index.ts';
import { setMeta } from '#server/db/winners.ts';
import { testAudit } from '../helpers/storage-targets';

/** Another process (an operator command, a second server) writing to the same SQLite file. */
function writeFromAnotherProcess(file: string): Promise<number | null> {
  const script = `const Database = require('better-sqlite3');
    const db = new Database(${JSON.stringify(file)});
    db.pragma('busy_timeout = 5000');
    db.prepare("insert into app_meta (key, value) values ('other', 'x')").run();`;
  const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  return new Promise((resolve) => child.on('exit', resolve));
}

describe('SQLite transactions', () => {
  it('a transaction that reads first still commits when another process writes meanwhile', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-test-'));
    const storage = await openStorage({ dataDir, databaseUrl: undefined, audit: testAudit() });
    try {
      let other: Promise<number | null> | undefined;
      await storage.db.transaction().execute(async (trx) => {
        await trx.selectFrom('app_meta').selectAll().execute();
        other = writeFromAnotherProcess(path.join(dataDir, SQLITE_FILE_NAME));
        // Give the other process time to write, if the lock lets it.
        await Promise.race([other, new Promise((resolve) => setTimeout(resolve, 1_000))]);
        await setMeta(trx, 'mine', 'y');
      });
      expect(await other).toBe(0);
      const keys = (await storage.db.selectFrom('app_meta').select('key').execute()).map((row) => row.key);
      expect(keys).toEqual(expect.arrayContaining(['mine', 'other']));
    } finally {
      await storage.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
