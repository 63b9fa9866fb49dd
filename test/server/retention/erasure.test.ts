import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { decryptBytes, keyFingerprint } from '#server/crypto/encryption.ts';
import { contactDigest } from '#server/crypto/secrets.ts';
import { SQLITE_FILE_NAME } from '#server/db/index.ts';
import type { Database } from '#server/db/types.ts';
import { fakeClock, openTestApp, postStatement, type TestApp } from '../helpers/app';
import { copyDatabase } from '../helpers/copy-database';
import { runOperator } from '../helpers/operator';
import { insertReviewWithNotes, validStatement } from '../helpers/statement-fixtures';
import { statementRows } from '../helpers/retention-rows';
import { storageTargets } from '../helpers/storage-targets';
import { importInto, winnersFixture } from '../helpers/winners-fixture';

// shared/API.md "Retention", issue 51: after a run empties a statement, no key that remains opens any copy
// of its values, whenever the copy was made: a backup before any run, one after its values were sealed with
// their year's key, one after the purge, and the live file (its bytes, WAL included, searched for the old
// ciphertext itself). docs/decisions/storage.md#bounded-keys.

type Copy = Awaited<ReturnType<typeof copyDatabase>>;
const PESEL = '44051401359';

/** Every sealed value a copy holds of the statement, and its marks' digests. */
async function valuesIn(copy: Copy, statementId: string) {
  const db = new Kysely<Database>({
    dialect: copy.databaseUrl
      ? new PostgresDialect({ pool: new pg.Pool({ connectionString: copy.databaseUrl, max: 1 }) })
      : new SqliteDialect({ database: new SqliteDatabase(path.join(copy.dataDir, SQLITE_FILE_NAME)) }),
  });
  try {
    const { statement, claim, review, marks } = await statementRows(db, { id: statementId });
    const sealed = [
      { value: statement.secrets, context: `statement:${claim.id}` },
      { value: statement.image, context: `statement-image:${claim.id}` },
      { value: claim.email_sealed, context: `claim-email:${claim.record_key}` },
      { value: review?.note ?? null, context: `review-note:${statementId}` },
      { value: review?.approval_note ?? null, context: `review-approval:${statementId}` },
      // The mail waiting for its claim (a confirmation carries the statement's address when the claim has none).
      ...(
        await db.selectFrom('outbox').select(['id', 'sealed']).where('claim_id', '=', claim.id).execute()
      ).map((mail) => ({ value: mail.sealed, context: `mail:${mail.id}` })),
    ].filter(
      (entry): entry is { value: string; context: string } => entry.value !== null && entry.value !== '',
    );
    return { sealed, marks };
  } finally {
    await db.destroy();
  }
}

/** The keys that remain: the statements key and every key file left in the folder. */
function remainingKeys(t: TestApp): Buffer[] {
  const files = fs.readdirSync(t.storage.keysDir).filter((name) => name.endsWith('.key'));
  return [
    t.statementsKey,
    ...files.map((name) =>
      Buffer.from(fs.readFileSync(path.join(t.storage.keysDir, name), 'utf8').trim(), 'base64'),
    ),
  ];
}

describe.each(storageTargets)('erasure that holds in every copy on $name', (target) => {
  let t: TestApp;
  const copies: Copy[] = [];
  let statementId = '';
  const at = (day: string) => ({ CAMPAIGN_NOW: `${day}T12:00:00+01:00` });

  beforeAll(async () => {
    t = await openTestApp(target, { rateLimitMax: 1_000 }, fakeClock());
    await importInto(t, winnersFixture);
    expect((await postStatement(t, validStatement('III', 'T0000000003'))).statusCode).toBe(201);
    // Another statement, not due: it stays readable in the live database.
    expect((await postStatement(t, validStatement('VI', 'A1B2C3D4E5F'))).statusCode).toBe(201);
    const statement = await t.storage.db
      .selectFrom('statements')
      .select(['id', 'claim_id'])
      .where('code', '=', 'T0000000003')
      .executeTakeFirstOrThrow();
    statementId = statement.id;
    await insertReviewWithNotes(t, statement);
  });
  afterAll(async () => {
    for (const copy of copies) await copy.drop();
    await t.close();
  });

  it('no key that remains opens the purged statement in a backup taken before, during or after, nor in the live file', async () => {
    // 1. A backup before any run: the statement is sealed with the open family's key.
    copies.push(await copyDatabase(t, `copy${copies.length}`));
    // Accepted, and the smartwatch delivered on 10 Sep 2025: purge day 2031-01-01. The run of 1 June 2026
    // seals it with the key of 2031.
    await t.storage.db
      .updateTable('reviews')
      .set({
        state: 'accepted',
        final_at: '2025-08-20T08:00:00.000Z',
        undo_until: '2025-08-20T09:00:00.000Z',
      })
      .where('statement_id', '=', statementId)
      .execute();
    await t.storage.db
      .insertInto('prize_issue_steps')
      .values({
        id: 'delivered',
        statement_id: statementId,
        parcel: 1,
        step: 'delivered',
        day: '2025-09-10',
        carrier: null,
        tracking: null,
        source: 'panel',
        recorded_by: 'clerk',
        recorded_at: '2025-09-10T10:00:00.000Z',
      } as never)
      .execute();
    const sealing = await runOperator(
      ['retention-run', '--on', '2026-06-01', '--apply'],
      t,
      at('2026-06-01'),
    );
    expect(sealing.exitCode, sealing.stderr).toBe(0);
    // 2. A backup after the reseal.
    copies.push(await copyDatabase(t, `copy${copies.length}`));
    // What the purge empties is sealed with its year's key; its waiting mail stays with the open family's.
    const resealed = await valuesIn(copies[1]!, statementId);
    const family = (value: string) => value.split('.')[0];
    expect(resealed.sealed.map(({ value, context }) => [context.split(':')[0], family(value)])).toEqual(
      resealed.sealed.map(({ context }) => [
        context.split(':')[0],
        context.startsWith('mail:') ? 'open' : 'y2031',
      ]),
    );
    // The purge.
    const purge = await runOperator(['retention-run', '--on', '2031-01-01', '--apply'], t, at('2031-01-01'));
    expect(purge.exitCode, purge.stderr).toBe(0);
    expect(purge.lines.at(-1)).toMatchObject({ purged: expect.any(Number) });
    // 3. A backup after it.
    copies.push(await copyDatabase(t, `copy${copies.length}`));

    const keys = remainingKeys(t);
    const oldCiphertexts: string[] = [];
    for (const [index, copy] of copies.entries()) {
      const { sealed, marks } = await valuesIn(copy, statementId);
      if (index < 2) expect(sealed.length, `copy ${index + 1}`).toBeGreaterThanOrEqual(5);
      else expect(sealed, 'the backup after the purge').toEqual([]);
      for (const { value, context } of sealed) {
        oldCiphertexts.push(value.split('.').at(-1)!);
        for (const key of keys)
          expect(() => decryptBytes([key], value, context), `copy ${index + 1}, ${context}`).toThrow();
      }
      // A mark is a keyed digest of the PESEL: no key left makes it again (a guess could otherwise be tried).
      for (const mark of marks.filter((entry) => entry.kind === 'pesel'))
        for (const key of keys) expect(contactDigest(key, 'pesel', PESEL)).not.toBe(mark.digest);
    }
    expect(oldCiphertexts.length).toBeGreaterThanOrEqual(10);
    // The statements key is still the one the database names: it is what stays for live data.
    expect(
      (
        await t.storage.db
          .selectFrom('app_meta')
          .select('value')
          .where('key', '=', 'statements_key_fingerprint')
          .executeTakeFirstOrThrow()
      ).value,
    ).toBe(keyFingerprint(t.statementsKey));

    if (t.databaseUrl === undefined) {
      // The live file and its WAL hold none of the old ciphertext, in any page, free or used.
      const bytes = ['', '-wal']
        .map((suffix) => path.join(t.dataDir, `${SQLITE_FILE_NAME}${suffix}`))
        .filter((file) => fs.existsSync(file))
        .map((file) => fs.readFileSync(file).toString('latin1'));
      for (const ciphertext of oldCiphertexts)
        for (const content of bytes) expect(content.includes(ciphertext.slice(0, 40))).toBe(false);
    }

    // The statement not due is read as before, with its new key.
    const other = await t.storage.db
      .selectFrom('statements')
      .selectAll()
      .where('code', '=', 'A1B2C3D4E5F')
      .executeTakeFirstOrThrow();
    expect(other.secrets).toMatch(/^open\./);
    expect(
      JSON.parse(
        decryptBytes([t.statementsKey], other.secrets, `statement:${other.claim_id}`).toString('utf8'),
      ),
    ).toHaveProperty('name');
  });
});
