import type { Kysely, Migration } from 'kysely';

// docs/decisions/retention.md: holds, the daily runs and their receipts (issue 44). Spread into `migrations`
// (migrations.ts); SQLite and PostgreSQL alike (ISO text for days and instants).
export const retentionMigrations: Record<string, Migration> = {
  '016_retention': {
    async up(db: Kysely<unknown>) {
      // A hold set by hand (retention-hold): the statement's reference, why, who and when. Released: deleted
      // (the audit trail keeps both).
      await db.schema
        .createTable('retention_holds')
        .addColumn('reference', 'varchar(32)', (col) => col.primaryKey())
        .addColumn('reason', 'text', (col) => col.notNull())
        .addColumn('held_by', 'varchar(36)', (col) => col.notNull())
        .addColumn('held_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      // One row per run that applied, keyed by its day: a second server's or a second run's insert of the
      // same day does nothing, so a day is purged once (docs/decisions/retention.md#once-a-day).
      await db.schema
        .createTable('retention_runs')
        .addColumn('day', 'varchar(10)', (col) => col.primaryKey())
        .addColumn('run', 'varchar(36)', (col) => col.notNull().unique())
        .addColumn('purged', 'integer', (col) => col.notNull())
        .addColumn('held', 'integer', (col) => col.notNull())
        // Real clock: when it ran.
        .addColumn('ran_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      // A receipt per record emptied or deleted: what, of which class, whose purge day, by which run. No
      // personal data: a statement's reference, or a row's own id or digest.
      await db.schema
        .createTable('retention_receipts')
        .addColumn('run', 'varchar(36)', (col) => col.notNull())
        .addColumn('class', 'varchar(24)', (col) => col.notNull())
        .addColumn('reference', 'varchar(64)', (col) => col.notNull())
        .addColumn('day', 'varchar(10)', (col) => col.notNull())
        .addPrimaryKeyConstraint('retention_receipts_once', ['class', 'reference'])
        .execute();
      await db.schema.createIndex('retention_receipts_run').on('retention_receipts').column('run').execute();
    },
  },
  // docs/decisions/storage.md#bounded-keys: the keys of the bounded families (their bytes are files in
  // YEAR_KEYS_DIR): which seal new values ('current'), which only wait until nothing needs them ('retired'),
  // which are gone ('destroyed'). A sealer checks its key is still current in the transaction that stores
  // what it sealed, so a key is never destroyed under a value written after the check.
  '020_seal_keys': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('seal_keys')
        .addColumn('family', 'varchar(8)', (col) => col.notNull())
        .addColumn('id', 'varchar(16)', (col) => col.notNull())
        .addColumn('state', 'varchar(12)', (col) => col.notNull())
        // Real clock: when the key was made, retired, destroyed (records of the folder, not of the lottery).
        .addColumn('changed_at', 'varchar(32)', (col) => col.notNull())
        .addPrimaryKeyConstraint('seal_keys_pk', ['family', 'id'])
        .execute();
    },
  },
};
