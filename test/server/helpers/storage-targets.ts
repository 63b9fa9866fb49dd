import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openStorage, type Storage } from '#server/db/index.ts';

export interface StorageTarget {
  name: 'sqlite' | 'postgres';
  /** A fresh, empty, migrated database: its own SQLite file, or its own PostgreSQL schema. */
  open(): Promise<{
    storage: Storage;
    dataDir: string;
    databaseUrl: string | undefined;
    drop(): Promise<void>;
  }>;
}

const sqlite: StorageTarget = {
  name: 'sqlite',
  async open() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-test-'));
    const storage = await openStorage({ dataDir, databaseUrl: undefined });
    return {
      storage,
      dataDir,
      databaseUrl: undefined,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  },
};

function postgres(baseUrl: string): StorageTarget {
  return {
    name: 'postgres',
    async open() {
      const schema = `test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      const url = new URL(baseUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-test-'));
      const storage = await openStorage({ dataDir, databaseUrl: url.toString() });
      return {
        storage,
        dataDir,
        databaseUrl: url.toString(),
        async drop() {
          await admin.query(`drop schema ${schema} cascade`);
          await admin.end();
          fs.rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  };
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it on these machines). */
export const storageTargets: StorageTarget[] = [
  sqlite,
  ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : []),
];
