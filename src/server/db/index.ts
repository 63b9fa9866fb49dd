import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './types';
import { migrations } from './migrations';

export type DialectName = 'sqlite' | 'postgres';

export interface StorageOptions {
  dataDir: string;
  databaseUrl: string | undefined;
}

export interface Storage {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

export const SQLITE_FILE_NAME = 'loteria.sqlite';

function openSqlite(dataDir: string): Kysely<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME));
  file.pragma('journal_mode = WAL');
  // A 2xx answer means the statement is on disk: fsync every commit (issue: survives kill -9 and power loss).
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  // The operator's commands write while the server runs: wait for the lock instead of failing.
  file.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
}

function openPostgres(url: string): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 10 }) }),
  });
}

/** Opens the database (SQLite file in dataDir, or PostgreSQL for a postgres:// URL) and applies migrations. */
export async function openStorage({ dataDir, databaseUrl }: StorageOptions): Promise<Storage> {
  const dialect: DialectName = databaseUrl ? 'postgres' : 'sqlite';
  const db = databaseUrl ? openPostgres(databaseUrl) : openSqlite(dataDir);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  if (error) {
    await db.destroy();
    throw error instanceof Error ? error : new Error('Database migration failed');
  }
  return { db, dialect, close: () => db.destroy() };
}

export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
