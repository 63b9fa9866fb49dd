import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openStorage, type AuditKeying, type Storage } from '#server/db/index.ts';

/** Where a test's storage writes the audit trail's head (none unless asked for). */
export interface TargetOptions {
  auditHeadFile?: string;
}

/** An audit trail's key of its own for each test database, as AUDIT_KEY would give it. */
export const testAudit = (options: TargetOptions = {}): AuditKeying => ({
  key: randomBytes(32),
  headFile: options.auditHeadFile,
});

export interface StorageTarget {
  name: 'sqlite' | 'postgres';
  /** A fresh, empty, migrated database: its own SQLite file, or its own PostgreSQL schema. */
  open(options?: TargetOptions): Promise<{
    storage: Storage;
    dataDir: string;
    databaseUrl: string | undefined;
    drop(): Promise<void>;
  }>;
}

const sqlite: StorageTarget = {
  name: 'sqlite',
  async open(options = {}) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-test-'));
    const storage = await openStorage({ dataDir, databaseUrl: undefined, audit: testAudit(options) });
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
    async open(options = {}) {
      const schema = `test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      const url = new URL(baseUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-test-'));
      const storage = await openStorage({ dataDir, databaseUrl: url.toString(), audit: testAudit(options) });
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
