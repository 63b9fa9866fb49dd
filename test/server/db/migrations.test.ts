import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migratorFor, openStorage, type DialectName } from '#server/db/index.ts';
import { migrations } from '#server/db/migrations.ts';
import { entryHash } from '#server/staff/audit.ts';
import { runOperator } from '../helpers/operator';
import { storageTargets } from '../helpers/storage-targets';

const ARRIVED = '2025-07-12T09:30:00.000Z';
const CLAIM = {
  id: 'claim-1',
  record_key: 'instant|2025-07-01|A1B2C3D4E5F|KASA_200',
  code: 'A1B2C3D4E5F',
  tier: 'VI',
  prize: 'KASA_200',
  hash_digest: null,
  email_digest: null,
  phone_digest: null,
  email_sealed: null,
  created_at: '2025-07-10T08:00:00.000Z',
};

/**
 * Empties the database and migrates it only up to the migrations before `name`: a database as it was then,
 * whatever migrations come after (kysely refuses to run one before another already run).
 */
async function databaseBefore(db: Kysely<unknown>, dialect: DialectName, name: string) {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const schema = sql.id(rows[0]!.schema);
    await sql`drop schema ${schema} cascade`.execute(db);
    await sql`create schema ${schema}`.execute(db);
  } else {
    const { rows } = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
    for (const table of rows) await sql`drop table ${sql.table(table.name)}`.execute(db);
  }
  const earlier = Object.fromEntries(Object.entries(migrations).filter(([key]) => key < name));
  const { error } = await (await migratorFor(db, dialect, earlier)).migrateToLatest();
  if (error) throw error;
}

// docs/decisions/server-house.md#two-clocks-chosen-per-use: a database from before 008 has statements
// that arrived on one clock only; the migration gives them that instant on the campaign clock too.
describe.each(storageTargets)('migration 008_statement_campaign_arrival on $name', (target) => {
  it('dates the statements stored before it on the campaign clock by their arrival', async () => {
    const { storage, dataDir, databaseUrl, drop } = await target.open();
    let reopened: Awaited<ReturnType<typeof openStorage>> | undefined;
    try {
      await databaseBefore(storage.db as Kysely<unknown>, storage.dialect, '008_statement_campaign_arrival');
      await storage.db.insertInto('claims').values(CLAIM).execute();
      const statement = {
        claim_id: 'claim-1',
        tier: 'VI',
        code: 'A1B2C3D4E5F',
        payload: '',
        secrets: 'x',
        image: null,
        reference: null,
        created_at: ARRIVED,
      };
      await storage.db
        .insertInto('statements')
        .values({ ...statement, id: 'kept' } as never)
        .execute();
      await storage.db
        .insertInto('rejected_statements')
        .values({ ...statement, id: 'set-aside', rejected_at: ARRIVED } as never)
        .execute();
      await storage.close();

      reopened = await openStorage({ dataDir, databaseUrl, audit: storage.audit });
      const { db } = reopened;
      expect(await db.selectFrom('statements').select('campaign_received_at').execute()).toEqual([
        { campaign_received_at: ARRIVED },
      ]);
      expect(await db.selectFrom('rejected_statements').select('campaign_received_at').execute()).toEqual([
        { campaign_received_at: ARRIVED },
      ]);
    } finally {
      await reopened?.close();
      await drop();
    }
  });
});

// docs/decisions/mail.md#outbox and docs/decisions/staff.md#reset: migration 010 lets the outbox hold staff
// mail (no claim; SQLite's table is made again) and says which links are invitations.
describe.each(storageTargets)('migration 010_staff_recovery on $name', (target) => {
  it('keeps the queued mail and the open invitations, and takes mail about no claim', async () => {
    const { storage, dataDir, databaseUrl, drop } = await target.open();
    let reopened: Awaited<ReturnType<typeof openStorage>> | undefined;
    try {
      await databaseBefore(storage.db as Kysely<unknown>, storage.dialect, '010_staff_recovery');
      await storage.db.insertInto('claims').values(CLAIM).execute();
      const mail = {
        id: 'mail-1',
        kind: 'link' as const,
        number: 0,
        state: 'queued' as const,
        due_at: ARRIVED,
        expires_at: null,
        next_attempt_at: null,
        lease_until: null,
        lease_owner: null,
        attempts: 0,
        first_failed_at: null,
        last_error: null,
        sealed: 'sealed',
        created_at: ARRIVED,
        sent_at: null,
      };
      await storage.db
        .insertInto('outbox')
        .values({ ...mail, claim_id: 'claim-1' })
        .execute();
      await storage.db
        .insertInto('staff')
        .values({ id: 'p1', email: 'a@example.pl', created_at: ARRIVED })
        .execute();
      await storage.db
        .insertInto('staff_invitations')
        .values({ token_digest: 'd1', staff_id: 'p1', expires_at: ARRIVED } as never)
        .execute();
      await storage.close();

      reopened = await openStorage({ dataDir, databaseUrl, audit: storage.audit });
      const { db } = reopened;
      expect(await db.selectFrom('outbox').selectAll().execute()).toEqual([
        { ...mail, claim_id: 'claim-1', sent_on: null },
      ]);
      await db
        .insertInto('outbox')
        .values({ ...mail, id: 'mail-2', kind: 'invitation', claim_id: null })
        .execute();
      // One per (claim, kind, number) still holds for a claim's mail.
      await expect(
        db
          .insertInto('outbox')
          .values({ ...mail, id: 'mail-3', claim_id: 'claim-1' })
          .execute(),
      ).rejects.toThrow();
      expect(await db.selectFrom('staff_invitations').select(['token_digest', 'kind']).execute()).toEqual([
        { token_digest: 'd1', kind: 'invitation' },
      ]);
    } finally {
      await reopened?.close();
      await drop();
    }
  });
});

// docs/decisions/staff.md#sessions: a session opened before 011 knows no passkey; its login was its last
// passkey check, and it goes on until its limits.
describe.each(storageTargets)('migration 011_session_passkeys on $name', (target) => {
  it('keeps the sessions opened before it, checked at their login, opened by no known passkey', async () => {
    const { storage, dataDir, databaseUrl, drop } = await target.open();
    let reopened: Awaited<ReturnType<typeof openStorage>> | undefined;
    try {
      await databaseBefore(storage.db as Kysely<unknown>, storage.dialect, '011_session_passkeys');
      await storage.db
        .insertInto('staff')
        .values({ id: 'staff-1', email: 'a@example.pl', created_at: ARRIVED, last_login_at: ARRIVED })
        .execute();
      await storage.db
        .insertInto('staff_sessions')
        .values({
          token_digest: 'd'.repeat(64),
          staff_id: 'staff-1',
          created_at: ARRIVED,
          last_seen_at: ARRIVED,
        } as never)
        .execute();
      await storage.close();

      reopened = await openStorage({ dataDir, databaseUrl, audit: storage.audit });
      expect(
        await reopened.db.selectFrom('staff_sessions').select(['passkey_id', 'verified_at']).execute(),
      ).toEqual([{ passkey_id: null, verified_at: ARRIVED }]);
    } finally {
      await reopened?.close();
      await drop();
    }
  });
});

// docs/decisions/staff.md#keyed-chain: a trail chained with plain SHA-256 before 012 is sealed with the
// trail's key by the first start after it, once; audit-verify then proves it, and still checks the entries
// from before, whose hashes the seal covers.
describe.each(storageTargets)('migration 012_keyed_audit_chain on $name', (target) => {
  it('seals an old plain trail with the key once, and audit-verify proves it', async () => {
    const { storage, dataDir, databaseUrl, drop } = await target.open();
    let reopened: Awaited<ReturnType<typeof openStorage>> | undefined;
    try {
      await databaseBefore(storage.db as Kysely<unknown>, storage.dialect, '012_keyed_audit_chain');
      let previous = '0'.repeat(64);
      for (const seq of [1, 2, 3]) {
        const content = {
          seq,
          at: ARRIVED,
          actor: 'operator',
          action: 'logout',
          subject: `s${seq}`,
          reason: null,
          details: null,
          prev_hash: previous,
        };
        previous = entryHash(content);
        await storage.db
          .insertInto('audit_log')
          .values({ ...content, hash: previous })
          .execute();
      }
      await storage.close();

      const where = { dataDir, databaseUrl, statementsKey: randomBytes(32), audit: storage.audit };
      const first = await runOperator(['audit-verify'], where);
      expect(first.exitCode, first.stderr).toBe(0);
      expect(first.lines).toEqual([{ entries: 4, verified: true }]);
      expect(first.stderr).toMatch(
        /^Dziennik zdarzeń podpisano kluczem: 3 wcześniejszych wpisów potwierdza wpis nr 4\.$/m,
      );
      const again = await runOperator(['audit-verify'], where);
      expect(again.lines).toEqual([{ entries: 4, verified: true }]);
      expect(again.stderr).not.toMatch(/podpisano kluczem/);

      reopened = await openStorage({ dataDir, databaseUrl, audit: storage.audit });
      const { db } = reopened;
      const seal = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('seq', '=', 4)
        .executeTakeFirstOrThrow();
      expect(seal).toMatchObject({ actor: 'operator', action: 'audit-keyed', prev_hash: previous });
      expect(JSON.parse(seal.details!)).toEqual({ plainEntries: 3, plainHash: previous });

      // An entry from before the seal, edited and rechained with SHA-256, no longer leads to it.
      const second = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('seq', '=', 2)
        .executeTakeFirstOrThrow();
      const edited = { ...second, subject: 'inny' };
      const { hash: _, ...content2 } = edited;
      const third = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('seq', '=', 3)
        .executeTakeFirstOrThrow();
      const { hash: __, ...content3 } = { ...third, prev_hash: entryHash(content2) };
      await db
        .updateTable('audit_log')
        .set({ subject: 'inny', hash: entryHash(content2) })
        .where('seq', '=', 2)
        .execute();
      await db
        .updateTable('audit_log')
        .set({ prev_hash: content3.prev_hash, hash: entryHash(content3) })
        .where('seq', '=', 3)
        .execute();
      const check = await runOperator(['audit-verify'], where);
      expect(check.exitCode).toBe(1);
      expect(check.stderr).toMatch(/wpis nr 4 nie wskazuje skrótu wpisu nr 3/);
    } finally {
      await reopened?.close();
      await drop();
    }
  });
});
