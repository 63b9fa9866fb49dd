import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

// docs/decisions/complaints.md: the complaints desk's table (issue 42). Apart from migrations.ts, which
// spreads it in; SQLite and PostgreSQL alike (ISO text for days and instants, 0/1 for flags).
export const complaintMigrations: Record<string, Migration> = {
  '013_complaints': {
    async up(db: Kysely<unknown>) {
      // 'complaint-received' is the first kind longer than 16 characters (SQLite does not count them).
      if (db.getExecutor().adapter instanceof PostgresAdapter) {
        await sql`alter table outbox alter column kind type varchar(32)`.execute(db);
      }
      await db.schema
        .createTable('complaints')
        .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
        // What the person reads aloud (statements/reference.ts), on the confirmation and in every answer.
        .addColumn('reference', 'varchar(16)', (col) => col.notNull().unique())
        // 'form' (the public page) or 'post' (entered by staff).
        .addColumn('channel', 'varchar(8)', (col) => col.notNull())
        // Warsaw days, RRRR-MM-DD: receipt, the letter's postmark (post only), the answer's last day.
        .addColumn('received_on', 'varchar(10)', (col) => col.notNull())
        .addColumn('postmarked_on', 'varchar(10)')
        .addColumn('deadline', 'varchar(10)', (col) => col.notNull())
        .addColumn('shortened', 'integer', (col) => col.notNull())
        .addColumn('late', 'integer', (col) => col.notNull())
        // Real clock: when the row was written.
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        // The code the person gave, upper case (a claim's code is not personal: statements keep it too), and
        // the claim it matched when it arrived.
        .addColumn('code', 'varchar(11)')
        .addColumn('claim_id', 'varchar(36)')
        // Everything the person wrote, AES-256-GCM, bound to the complaint (complaints/sealed.ts).
        .addColumn('secrets', 'text', (col) => col.notNull())
        // 'open' → 'decided' (upheld or rejected, answer not sent) → 'answered'.
        .addColumn('state', 'varchar(16)', (col) => col.notNull())
        .addColumn('decision', 'varchar(16)')
        // A key of src/content/complaints.json `reasons`.
        .addColumn('reason', 'varchar(64)')
        .addColumn('decided_by', 'varchar(36)')
        .addColumn('decided_at', 'varchar(32)')
        // 'email' (the outbox entry `answer_mail`) or 'post' (the registered letter's number and day).
        .addColumn('answer_channel', 'varchar(8)')
        .addColumn('answer_mail', 'varchar(36)')
        .addColumn('letter_number', 'varchar(64)')
        .addColumn('letter_day', 'varchar(10)')
        .addColumn('answered_by', 'varchar(36)')
        .addColumn('answered_at', 'varchar(32)')
        .execute();
      await db.schema
        .createIndex('complaints_state_deadline')
        .on('complaints')
        .columns(['state', 'deadline'])
        .execute();
      await db.schema.createIndex('complaints_claim').on('complaints').column('claim_id').execute();
    },
  },
  // docs/decisions/complaints.md#clock: the day an e-mail left on the campaign clock, which a complaint's
  // deadline is on (`sent_at` is the real clock's instant). Rows sent before keep it empty: no complaint's
  // answer had been sent when it was added.
  '015_outbox_sent_on': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('outbox').addColumn('sent_on', 'varchar(10)').execute();
    },
  },
};
