import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compactAfterErasure, openStorage, SQLITE_FILE_NAME, type Storage } from '#server/db/index.ts';
import { testAudit } from '../helpers/storage-targets';

// docs/deploy.md#erasure: after a run empties something, SQLite's log is cut to nothing and the file rebuilt;
// when another process keeps reading, the run says it could not (retention-run's warning).
describe('compacting SQLite after an erasure', () => {
  let dataDir: string;
  let storage: Storage;
  const wal = () => fs.statSync(path.join(dataDir, `${SQLITE_FILE_NAME}-wal`)).size;
  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-compact-'));
    storage = await openStorage({ dataDir, databaseUrl: undefined, audit: testAudit() });
    // Not to wait 5 s for the reader below: it holds on until the test lets it go.
    await sql`pragma busy_timeout = 0`.execute(storage.db);
    await sql`create table notes (text text)`.execute(storage.db);
    await sql`insert into notes values (${'x'.repeat(10_000)})`.execute(storage.db);
  });
  afterEach(async () => {
    await storage.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no log behind', async () => {
    await sql`delete from notes`.execute(storage.db);
    expect(wal()).toBeGreaterThan(0);
    expect(await compactAfterErasure(storage)).toBe(true);
    expect(wal()).toBe(0);
  });

  it('says so when another process holds an old frame', async () => {
    const reader = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME));
    reader.prepare('begin').run();
    reader.prepare('select count(*) from notes').get();
    await sql`delete from notes`.execute(storage.db);
    try {
      expect(await compactAfterErasure(storage)).toBe(false);
    } finally {
      reader.prepare('commit').run();
      reader.close();
    }
  });
});
