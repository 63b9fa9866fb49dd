import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Migration,
  type Transaction,
  type TransactionBuilder,
} from 'kysely';
import pg from 'pg';
import type { Database } from './types';
import { migrations } from './migrations';
import { OwnSchemaPostgresDialect } from './own-schema-introspector';
import { openYearKeysFrom } from '../crypto/year-key-files';

export type DialectName = 'sqlite' | 'postgres';

/** docs/decisions/staff.md#keyed-chain: what chains the audit trail, kept outside the database. */
export interface AuditKeying {
  /** AUDIT_KEY or its key file: each entry's hash is an HMAC with it. */
  key: Buffer;
  /** AUDIT_HEAD_FILE: where the last entry's number and hash are written once it is committed. */
  headFile: string | undefined;
}

export interface StorageOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  audit: AuditKeying;
  /** YEAR_KEYS_DIR: the bounded families' keys (docs/decisions/storage.md#bounded-keys); default DATA_DIR/year-keys. */
  keysDir?: string | undefined;
}

export interface Storage {
  db: Kysely<Database>;
  dialect: DialectName;
  audit: AuditKeying;
  /** The folder of the bounded families' keys, outside the database and its backups (crypto/year-key-files.ts). */
  keysDir: string;
  /** docs/decisions/storage.md#health-under-faults: whether this process's last write failed (disk full, database gone): health says so. */
  writes: { failing: boolean };
  close(): Promise<void>;
}

export const SQLITE_FILE_NAME = 'loteria.sqlite';

/**
 * docs/decisions/storage.md#sealed-statements: the data folder is the server's alone (0700), its files too
 * (0600). SQLite gives the -wal and -shm files the database file's mode, so the file is made 0600 before
 * SQLite first opens it.
 */
function privateDataDir(dataDir: string): string {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const name of fs.readdirSync(dataDir)) {
    const entry = path.join(dataDir, name);
    if (fs.statSync(entry).isFile()) fs.chmodSync(entry, 0o600);
  }
  return file;
}

/** What each transaction begun through openStorage's database leaves for after its commit (afterCommit). */
const afterCommitWork = new WeakMap<Kysely<Database>, Array<() => Promise<void>>>();

/**
 * A database whose transactions, once committed, run what was left with afterCommit, and never after a
 * rollback: the audit trail's head file names only what the database has kept
 * (docs/decisions/staff.md#audit-head).
 */
class CommitAwareKysely extends Kysely<Database> {
  override transaction(): TransactionBuilder<Database> {
    const builder = super.transaction();
    const execute = builder.execute.bind(builder);
    return Object.assign(builder, {
      async execute<T>(callback: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
        const work: Array<() => Promise<void>> = [];
        const result = await execute((trx) => {
          afterCommitWork.set(trx, work);
          return callback(trx);
        });
        for (const task of work) await task();
        return result;
      },
    });
  }
}

/** Runs `task` once `trx` has committed (at once outside a transaction); never if it rolls back. */
export async function afterCommit(trx: Kysely<Database>, task: () => Promise<void>): Promise<void> {
  const work = afterCommitWork.get(trx);
  if (work) work.push(task);
  else if (trx.isTransaction) throw new Error('afterCommit: a transaction not begun by openStorage');
  else await task();
}

function openSqlite(dataDir: string): Kysely<Database> {
  const file = new SqliteDatabase(privateDataDir(dataDir));
  file.pragma('journal_mode = WAL');
  // A 2xx answer means the statement is on disk: fsync every commit (issue: survives kill -9 and power loss).
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  // docs/decisions/storage.md#bounded-keys: what a write replaces or deletes is overwritten with zeros, not left
  // in free pages (the retention run also checkpoints and vacuums: retention/with-keys.ts).
  file.pragma('secure_delete = ON');
  // The operator's commands write while the server runs: wait for the lock instead of failing.
  file.pragma('busy_timeout = 5000');
  return new CommitAwareKysely({
    dialect: new WriteTransactionsDialect({ database: withStatementCache(file) }),
  });
}

const PREPARED_STATEMENTS_KEPT = 200;

/**
 * Kysely prepares every query anew; the server runs the same few queries all day (a statement is four),
 * so each SQL text is prepared once and reused (npm run bench: prepare was 7 % of a statement's CPU).
 * Bounded, least recently used out first: chunked `in (?, ?, …)` lists make texts that vary.
 */
function withStatementCache(file: SqliteDatabase.Database) {
  const prepared = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => file.close(),
    prepare(query: string) {
      let statement = prepared.get(query);
      if (statement) prepared.delete(query);
      else statement = file.prepare(query);
      prepared.set(query, statement);
      if (prepared.size > PREPARED_STATEMENTS_KEPT) prepared.delete(prepared.keys().next().value!);
      return statement;
    },
  };
}

/**
 * Every transaction here writes (an import, a statement). A plain BEGIN takes the write lock only at the
 * first write, and a transaction that read first then fails at once with SQLITE_BUSY when another process
 * wrote in between, busy_timeout or not; BEGIN IMMEDIATE takes the lock up front and waits for it.
 */
class WriteTransactionsDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];

  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }

  override createDriver(): SqliteDriver {
    return new (class extends SqliteDriver {
      override async beginTransaction(connection: DatabaseConnection): Promise<void> {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      }
    })(this.#config);
  }
}

function openPostgres(url: string): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that breaks (database restart, failover) is dropped by the pool and replaced on
  // next use; without a listener its 'error' event would end the process. Name and code only: no data.
  pool.on('error', ({ name, code }: Error & { code?: string }) => {
    process.stderr.write(
      `${JSON.stringify({ level: 40, msg: 'database connection lost', error: { name, code } })}\n`,
    );
  });
  return new CommitAwareKysely({ dialect: new OwnSchemaPostgresDialect({ pool }) });
}

/**
 * Kysely's migrator for this database (`list`: the migrations it knows; all of them but in tests). Kysely
 * looks for its migration tables in every schema unless told which: on PostgreSQL another schema's (a second
 * application, a test run beside this one) would pass for this one's, and its lock would then be missing.
 */
export async function migratorFor(
  db: Kysely<Database> | Kysely<unknown>,
  dialect: DialectName,
  list: Record<string, Migration> = migrations,
): Promise<Migrator> {
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  return new Migrator({
    db,
    provider: { getMigrations: async () => list },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
}

/** Opens the database (SQLite file in dataDir, or PostgreSQL for a postgres:// URL) and applies migrations. */
export async function openStorage({
  dataDir,
  databaseUrl,
  audit,
  keysDir,
}: StorageOptions): Promise<Storage> {
  const dialect: DialectName = databaseUrl ? 'postgres' : 'sqlite';
  const db = databaseUrl ? openPostgres(databaseUrl) : openSqlite(dataDir);
  let error: unknown;
  try {
    ({ error } = await (await migratorFor(db, dialect)).migrateToLatest());
  } catch (caught) {
    error = caught;
  }
  if (error) {
    await db.destroy();
    throw error instanceof Error ? error : new Error('Database migration failed');
  }
  const folder = keysDir ?? path.join(dataDir, 'year-keys');
  // Values sealed with a family's key open wherever they are read.
  openYearKeysFrom(folder);
  return { db, dialect, audit, keysDir: folder, writes: { failing: false }, close: () => db.destroy() };
}

export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * After a retention run emptied something (retention/with-keys.ts). SQLite: the pages it freed are zeroed
 * already (secure_delete); the log's old frames are written back and the log cut to nothing, the file rebuilt
 * without free pages, and the log cut again. PostgreSQL keeps old row versions until its own vacuum and in its
 * WAL: docs/deploy.md#erasure says why the destroyed keys make those copies unreadable.
 */
export async function compactAfterErasure(storage: Storage): Promise<boolean> {
  if (storage.dialect !== 'sqlite') return true;
  await truncateLog(storage.db);
  await sql`vacuum`.execute(storage.db);
  return truncateLog(storage.db);
}

/**
 * Writes the log back and cuts it to nothing. A reader in another process (the server, beside a command) may
 * hold an old frame: SQLite waits for it (busy_timeout) and then answers busy. False when the log could not
 * be cut: the caller says so.
 */
async function truncateLog(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(truncate)`.execute(db);
  return rows[0]?.busy === 0;
}
