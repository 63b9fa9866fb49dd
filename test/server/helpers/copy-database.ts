import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { SQLITE_FILE_NAME } from '#server/db/index.ts';
import type { TestApp } from './app';

/** A copy of the test's database, as a restored backup is: its own SQLite file, or its own schema (named). */
export async function copyDatabase(t: TestApp, name = 'copy') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-copy-'));
  if (t.databaseUrl === undefined) {
    await sql`vacuum into ${path.join(dataDir, SQLITE_FILE_NAME)}`.execute(t.storage.db);
    return { dataDir, databaseUrl: undefined, drop: async () => fs.rmSync(dataDir, { recursive: true }) };
  }
  const url = new URL(t.databaseUrl);
  const from = /search_path=(\w+)/.exec(url.searchParams.get('options')!)![1]!;
  const to = `${from}_${name}`;
  const admin = new pg.Client({ connectionString: t.databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${to}`);
  const tables = await admin.query<{ name: string }>(
    'select table_name as name from information_schema.tables where table_schema = $1',
    [from],
  );
  for (const { name } of tables.rows) {
    await admin.query(`create table ${to}.${name} (like ${from}.${name} including all)`);
    await admin.query(`insert into ${to}.${name} select * from ${from}.${name}`);
  }
  url.searchParams.set('options', `-c search_path=${to}`);
  return {
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      await admin.query(`drop schema ${to} cascade`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true });
    },
  };
}
