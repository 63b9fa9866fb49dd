import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';
import { PLAIN_CHAIN_MARK } from './audit';
import { complaintMigrations } from './migrations-complaints';
import { prizeIssueMigrations } from './migrations-prize-issue';
import { retentionMigrations } from './migrations-retention';

// Migrations run on SQLite and PostgreSQL alike: keep to types both understand. Times are ISO-8601 UTC
// text (sortable, same on both), ids are random text, so neither dialect's auto-increment is needed.
export const migrations: Record<string, Migration> = {
  '001_app_meta': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('app_meta')
        .addColumn('key', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .execute();
    },
  },
  '002_winners_claims_statements_optouts': {
    async up(db: Kysely<unknown>) {
      // Published lists exactly as the operator imported them; record_key makes re-imports idempotent.
      await db.schema
        .createTable('instant_winners')
        .addColumn('record_key', 'varchar(200)', (col) => col.primaryKey())
        .addColumn('date', 'varchar(10)', (col) => col.notNull())
        .addColumn('code', 'varchar(11)', (col) => col.notNull())
        .addColumn('award', 'varchar(32)', (col) => col.notNull())
        .addColumn('user_publish', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('draw_winners')
        .addColumn('record_key', 'varchar(200)', (col) => col.primaryKey())
        .addColumn('draw_name', 'varchar(32)', (col) => col.notNull())
        .addColumn('price', 'varchar(32)', (col) => col.notNull())
        .addColumn('price_rank', 'integer', (col) => col.notNull())
        .addColumn('code', 'varchar(11)', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('testimonial_id', 'text', (col) => col.notNull())
        .execute();
      // One claim per winning record. hash_digest is the SHA-256 of the link's hash (hash tiers only).
      await db.schema
        .createTable('claims')
        .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('record_key', 'varchar(200)', (col) => col.notNull().unique())
        .addColumn('code', 'varchar(11)', (col) => col.notNull())
        .addColumn('tier', 'varchar(8)', (col) => col.notNull())
        .addColumn('prize', 'varchar(32)', (col) => col.notNull())
        .addColumn('hash_digest', 'varchar(64)', (col) => col.unique())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('claims_code_tier').on('claims').columns(['code', 'tier']).execute();
      // claim_id is unique: of two concurrent submissions for one claim, the database keeps exactly one.
      await db.schema
        .createTable('statements')
        .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('claim_id', 'varchar(36)', (col) => col.notNull().unique().references('claims.id'))
        .addColumn('tier', 'varchar(8)', (col) => col.notNull())
        .addColumn('code', 'varchar(11)', (col) => col.notNull())
        .addColumn('payload', 'text', (col) => col.notNull())
        .addColumn('secrets', 'text', (col) => col.notNull())
        .addColumn('image', 'text')
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('statements_created_at').on('statements').column('created_at').execute();
      await db.schema
        .createTable('optouts')
        .addColumn('hash_digest', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('issued_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('resigned_at', 'varchar(32)')
        .execute();
    },
  },
  '003_contacts_rejected_statements': {
    async up(db: Kysely<unknown>) {
      // docs/decisions/claims.md#claims: tiers III and VI are claimed with the contact the code was
      // registered with, kept as keyed digests only (src/server/crypto/secrets.ts contactDigest).
      await db.schema.alterTable('claims').addColumn('email_digest', 'varchar(64)').execute();
      await db.schema.alterTable('claims').addColumn('phone_digest', 'varchar(64)').execute();
      // A statement the operator rejects (reopen-claim) is kept here as evidence; its claim takes another.
      await db.schema
        .createTable('rejected_statements')
        .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('claim_id', 'varchar(36)', (col) => col.notNull().references('claims.id'))
        .addColumn('tier', 'varchar(8)', (col) => col.notNull())
        .addColumn('code', 'varchar(11)', (col) => col.notNull())
        .addColumn('payload', 'text', (col) => col.notNull())
        .addColumn('secrets', 'text', (col) => col.notNull())
        .addColumn('image', 'text')
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('rejected_at', 'varchar(32)', (col) => col.notNull())
        .execute();
    },
  },
  '004_mail_outbox': {
    async up(db: Kysely<unknown>) {
      await outboxTable(db, 'outbox', 'required').execute();
      await outboxIndexes(db);

      // The winners file's e-mail, sealed, while mail to it may still be due (docs/api.md#operator-commands).
      await db.schema.alterTable('claims').addColumn('email_sealed', 'text').execute();
      // The number a winner reads aloud on the phone (docs/api.md#statements).
      for (const table of ['statements', 'rejected_statements']) {
        await db.schema.alterTable(table).addColumn('reference', 'varchar(16)').execute();
      }
      await db.schema
        .createIndex('statements_reference')
        .on('statements')
        .column('reference')
        .unique()
        .execute();
    },
  },
  '005_staff_panel': {
    async up(db: Kysely<unknown>) {
      // docs/decisions/staff.md#people-and-roles: the organiser's staff, their roles, invitations and passkeys.
      await db.schema
        .createTable('staff')
        .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('email', 'varchar(320)', (col) => col.notNull().unique())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('last_login_at', 'varchar(32)')
        .execute();
      await db.schema
        .createTable('staff_roles')
        .addColumn('staff_id', 'varchar(36)', (col) => col.notNull().references('staff.id'))
        .addColumn('role', 'varchar(16)', (col) => col.notNull())
        .addPrimaryKeyConstraint('staff_roles_pk', ['staff_id', 'role'])
        .execute();
      await db.schema
        .createTable('staff_invitations')
        .addColumn('token_digest', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('staff_id', 'varchar(36)', (col) => col.notNull().references('staff.id'))
        .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('staff_passkeys')
        .addColumn('id', 'varchar(1400)', (col) => col.primaryKey())
        .addColumn('staff_id', 'varchar(36)', (col) => col.notNull().references('staff.id'))
        .addColumn('public_key', 'text', (col) => col.notNull())
        .addColumn('counter', 'bigint', (col) => col.notNull())
        .addColumn('transports', 'text')
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('last_used_at', 'varchar(32)')
        .execute();
      // docs/decisions/staff.md#login: each WebAuthn challenge is used once, by whichever server process.
      await db.schema
        .createTable('staff_challenges')
        .addColumn('challenge', 'varchar(128)', (col) => col.primaryKey())
        .addColumn('purpose', 'varchar(16)', (col) => col.notNull())
        .addColumn('staff_id', 'varchar(36)')
        .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      // docs/decisions/staff.md#sessions: only a digest of the cookie's token is kept.
      await db.schema
        .createTable('staff_sessions')
        .addColumn('token_digest', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('staff_id', 'varchar(36)', (col) => col.notNull().references('staff.id'))
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('last_seen_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute();
      // docs/decisions/staff.md#audit-trail: numbered without gaps, each entry with the hash of the one before.
      await db.schema
        .createTable('audit_log')
        .addColumn('seq', 'integer', (col) => col.primaryKey())
        .addColumn('at', 'varchar(32)', (col) => col.notNull())
        .addColumn('actor', 'varchar(36)', (col) => col.notNull())
        .addColumn('action', 'varchar(40)', (col) => col.notNull())
        .addColumn('subject', 'varchar(80)')
        .addColumn('reason', 'text')
        .addColumn('details', 'text')
        .addColumn('prev_hash', 'varchar(64)', (col) => col.notNull())
        .addColumn('hash', 'varchar(64)', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
    },
  },
  '006_review': {
    async up(db: Kysely<unknown>) {
      // docs/decisions/review.md#states: a statement's review, from the moment a reviewer takes it. A
      // statement without a row is `received`; the primary key lets one reviewer only take a statement.
      await db.schema
        .createTable('reviews')
        .addColumn('statement_id', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('claim_id', 'varchar(36)', (col) => col.notNull())
        .addColumn('tier', 'varchar(8)', (col) => col.notNull())
        .addColumn('state', 'varchar(24)', (col) => col.notNull())
        .addColumn('reviewer_id', 'varchar(36)', (col) => col.notNull())
        .addColumn('taken_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('outcome', 'varchar(8)')
        .addColumn('reason', 'varchar(40)')
        // Internal notes, sealed (they may name what the statement holds); they never leave the panel.
        .addColumn('note', 'text')
        .addColumn('decided_at', 'varchar(32)')
        .addColumn('approver_id', 'varchar(36)')
        .addColumn('approval', 'varchar(12)')
        .addColumn('approval_note', 'text')
        .addColumn('approved_at', 'varchar(32)')
        // docs/decisions/review.md#undo-window: the final decision, and until when its maker may undo it.
        .addColumn('final_by', 'varchar(36)')
        .addColumn('final_at', 'varchar(32)')
        .addColumn('undo_until', 'varchar(32)')
        .addColumn('verdict_mail', 'varchar(36)')
        .addColumn('paid_at', 'varchar(32)')
        .addColumn('paid_by', 'varchar(36)')
        .execute();
      await db.schema.createIndex('reviews_state').on('reviews').columns(['tier', 'state']).execute();
      await db.schema.createIndex('reviews_claim').on('reviews').column('claim_id').execute();
      // docs/decisions/review.md#findings: keyed digests of a statement's PESEL, document numbers and IBAN
      // (the statement itself is sealed), to find the same one on another claim's statement. `key_id` names
      // the key that made them: after a rotation they are made anew.
      await db.schema
        .createTable('statement_marks')
        .addColumn('statement_id', 'varchar(36)', (col) => col.notNull())
        .addColumn('claim_id', 'varchar(36)', (col) => col.notNull())
        .addColumn('kind', 'varchar(16)', (col) => col.notNull())
        .addColumn('digest', 'varchar(64)', (col) => col.notNull())
        .addColumn('key_id', 'varchar(16)', (col) => col.notNull())
        .addPrimaryKeyConstraint('statement_marks_pk', ['statement_id', 'kind'])
        .execute();
      await db.schema.createIndex('statement_marks_digest').on('statement_marks').column('digest').execute();
    },
  },
  '007_reserve': {
    async up(db: Kysely<unknown>) {
      // docs/decisions/review.md#reserve: the reserve entries of degree-I and WinTo! prizes, unpublished and
      // without a claim until a prize passes to them; `promoted_from` (the forfeited claim) is unique, so a
      // prize passes on once.
      await db.schema
        .createTable('reserve_entries')
        .addColumn('record_key', 'varchar(200)', (col) => col.primaryKey())
        .addColumn('draw_name', 'varchar(32)', (col) => col.notNull())
        .addColumn('price', 'varchar(32)', (col) => col.notNull())
        .addColumn('price_rank', 'integer', (col) => col.notNull())
        .addColumn('reserve', 'integer', (col) => col.notNull())
        .addColumn('code', 'varchar(11)', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('testimonial_id', 'text', (col) => col.notNull())
        .addColumn('email_sealed', 'text', (col) => col.notNull())
        .addColumn('email_digest', 'varchar(64)', (col) => col.notNull())
        .addColumn('phone_digest', 'varchar(64)')
        .addColumn('promoted_from', 'varchar(36)', (col) => col.unique())
        .addColumn('claim_id', 'varchar(36)')
        .addColumn('promoted_at', 'varchar(32)')
        .addUniqueConstraint('reserve_entries_place', ['draw_name', 'price', 'price_rank', 'reserve'])
        .execute();
      // The published draw record whose prize passed to a reserve entry: no longer listed.
      await db.schema.alterTable('draw_winners').addColumn('passed_to', 'varchar(200)').execute();
    },
  },
  '008_statement_campaign_arrival': {
    async up(db: Kysely<unknown>) {
      // docs/decisions/server-house.md#two-clocks-chosen-per-use: when a statement arrived on the campaign
      // clock, the clock its claim's deadline is on (created_at stays the real arrival: a record, and
      // retention). Rows from before it arrived on both clocks at once, as far as anyone can tell.
      for (const table of ['statements', 'rejected_statements']) {
        await db.schema
          .alterTable(table)
          .addColumn('campaign_received_at', 'varchar(32)', (col) => col.notNull().defaultTo(''))
          .execute();
        await sql`update ${sql.table(table)} set campaign_received_at = created_at`.execute(db);
      }
    },
  },
  '009_passkey_names': {
    async up(db: Kysely<unknown>) {
      // docs/decisions/staff.md#passkey-names: the name a person tells their passkeys apart by. Null for the
      // passkeys made before it: the panel names those by the day they were added.
      await db.schema.alterTable('staff_passkeys').addColumn('name', 'varchar(100)').execute();
    },
  },
  '010_staff_recovery': {
    async up(db: Kysely<unknown>) {
      const change = async (db: Kysely<unknown>) => {
        // docs/decisions/mail.md#outbox: staff mail (an invitation, a recovery link) is about no claim.
        if (db.getExecutor().adapter instanceof PostgresAdapter)
          await sql`alter table outbox alter column claim_id drop not null`.execute(db);
        else {
          // SQLite cannot drop a NOT NULL: the table is made again, the same but for that.
          await outboxTable(db, 'outbox_010', 'optional').execute();
          await sql`insert into outbox_010 select * from outbox`.execute(db);
          await db.schema.dropTable('outbox').execute();
          await db.schema.alterTable('outbox_010').renameTo('outbox').execute();
          await outboxIndexes(db);
        }
        // docs/decisions/staff.md#reset: a one-time link registers a first passkey after an invitation or
        // after an admin's reset; the trail says which.
        await db.schema
          .alterTable('staff_invitations')
          .addColumn('kind', 'varchar(16)', (col) => col.notNull().defaultTo('invitation'))
          .execute();
      };
      // PostgreSQL runs each migration in a transaction; on SQLite the table's rebuild gets one of its own.
      if (db.isTransaction) await change(db);
      else await db.transaction().execute(change);
    },
  },
  '011_session_passkeys': {
    async up(db: Kysely<unknown>) {
      // docs/decisions/staff.md#sessions: the passkey a session was opened with (removing it ends the session)
      // and when the session last proved a passkey (adding or removing one asks for a recent proof). A session
      // opened before knows no passkey; its login was its last proof.
      await db.schema.alterTable('staff_sessions').addColumn('passkey_id', 'varchar(1400)').execute();
      await db.schema
        .alterTable('staff_sessions')
        .addColumn('verified_at', 'varchar(32)', (col) => col.notNull().defaultTo(''))
        .execute();
      await sql`update staff_sessions set verified_at = created_at`.execute(db);
      await db.schema
        .createIndex('staff_sessions_passkey')
        .on('staff_sessions')
        .column('passkey_id')
        .execute();
    },
  },
  '012_keyed_audit_chain': {
    async up(db: Kysely<unknown>) {
      // docs/decisions/staff.md#keyed-chain: the entries so far are chained with plain SHA-256. The trail's
      // key is not in the database, nor here: the first start with it seals them with one keyed entry
      // (staff/audit.ts sealPlainTrail), which this mark asks for, once.
      const { rows } = await sql<{ entries: number | string }>`
        select count(*) as entries from audit_log`.execute(db);
      if (Number(rows[0]!.entries) === 0) return;
      await sql`insert into app_meta (${sql.ref('key')}, ${sql.ref('value')})
        values (${PLAIN_CHAIN_MARK}, ${String(rows[0]!.entries)})`.execute(db);
    },
  },
  ...complaintMigrations,
  ...prizeIssueMigrations,
  ...retentionMigrations,
};

/**
 * docs/decisions/mail.md#outbox: mail waits here, written in the transaction that causes it. One entry per
 * (claim, kind, number): a repeated import or a retry never queues a second one. Staff mail has no claim
 * (`claim_id` optional since 010_staff_recovery).
 */
function outboxTable(db: Kysely<unknown>, name: string, claim: 'required' | 'optional') {
  return (
    db.schema
      .createTable(name)
      .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
      .addColumn('claim_id', 'varchar(36)', (col) =>
        (claim === 'required' ? col.notNull() : col).references('claims.id'),
      )
      .addColumn('kind', 'varchar(16)', (col) => col.notNull())
      .addColumn('number', 'integer', (col) => col.notNull())
      .addColumn('state', 'varchar(16)', (col) => col.notNull())
      // Campaign clock: not sent before; a reminder not after expires_at.
      .addColumn('due_at', 'varchar(32)', (col) => col.notNull())
      .addColumn('expires_at', 'varchar(32)')
      // Real clock: a retry waits for next_attempt_at; a dispatcher holds an entry until lease_until.
      .addColumn('next_attempt_at', 'varchar(32)')
      .addColumn('lease_until', 'varchar(32)')
      .addColumn('lease_owner', 'varchar(36)')
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('first_failed_at', 'varchar(32)')
      .addColumn('last_error', 'text')
      // The address and the message's facts (the link among them), sealed; emptied once sent or cancelled.
      .addColumn('sealed', 'text')
      .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
      .addColumn('sent_at', 'varchar(32)')
      .addUniqueConstraint('outbox_claim_kind_number', ['claim_id', 'kind', 'number'])
  );
}

/**
 * Only the queued messages are ever looked for by time: what is due (the dispatcher's lease), what has
 * expired. Partial indexes keep them small, and leave a claim's own messages (cancelled by its statement in
 * the statement's commit) to the unique index: with an index on state, SQLite walked every queued message at
 * each statement (npm run bench: 4 times slower statements with 14 400 queued).
 */
async function outboxIndexes(db: Kysely<unknown>) {
  await db.schema
    .createIndex('outbox_queued_due')
    .on('outbox')
    .column('due_at')
    .where(sql.ref('state'), '=', 'queued')
    .execute();
  await db.schema
    .createIndex('outbox_queued_expiry')
    .on('outbox')
    .column('expires_at')
    .where(sql.ref('state'), '=', 'queued')
    .execute();
}
