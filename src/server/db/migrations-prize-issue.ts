import type { Kysely, Migration } from 'kysely';

// docs/decisions/prize-issue.md: every accepted prize's way to its winner, and the register of prizes of at
// least 2 280 zł (Gambling Act art. 20). Spread into `migrations` (migrations.ts); SQLite and PostgreSQL alike.
export const prizeIssueMigrations: Record<string, Migration> = {
  '014_prize_issue': {
    async up(db: Kysely<unknown>) {
      // One row per step of a prize's issue, never changed nor deleted: the history (a parcel returned, then
      // sent again, is three rows and a fourth). A money prize's issue is its payout (reviews.paid_at).
      // `parcel` numbers a prize's parcels from 1; with `step` it is unique, so an import adds a step once.
      await db.schema
        .createTable('prize_issue_steps')
        .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('statement_id', 'varchar(36)', (col) => col.notNull())
        .addColumn('parcel', 'integer', (col) => col.notNull())
        .addColumn('step', 'varchar(16)', (col) => col.notNull())
        // The Warsaw day it happened (the carrier's or the handover's day), as staff or the carrier report it.
        .addColumn('day', 'varchar(10)', (col) => col.notNull())
        .addColumn('carrier', 'varchar(100)')
        .addColumn('tracking', 'varchar(100)')
        .addColumn('source', 'varchar(8)', (col) => col.notNull())
        .addColumn('recorded_by', 'varchar(36)', (col) => col.notNull())
        // Real clock: when it was recorded.
        .addColumn('recorded_at', 'varchar(32)', (col) => col.notNull())
        .addUniqueConstraint('prize_issue_steps_once', ['statement_id', 'parcel', 'step'])
        .execute();
      // The register as exported: numbered from 1 without gaps, appended only. A correction is a new entry
      // naming the one it corrects (`corrects`); `issued_on` null says the prize is no longer issued.
      // Identity data is not copied here: each export reads it from the sealed statement.
      await db.schema
        .createTable('prize_register')
        .addColumn('number', 'integer', (col) => col.primaryKey())
        .addColumn('statement_id', 'varchar(36)', (col) => col.notNull())
        .addColumn('tier', 'varchar(8)', (col) => col.notNull())
        .addColumn('issued_on', 'varchar(10)')
        .addColumn('value', 'integer', (col) => col.notNull())
        .addColumn('corrects', 'integer')
        .addColumn('recorded_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('prize_register_statement')
        .on('prize_register')
        .column('statement_id')
        .execute();
    },
  },
};
