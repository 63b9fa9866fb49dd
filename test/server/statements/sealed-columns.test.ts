import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyId } from '#server/crypto/encryption.ts';
import { BOUNDED_TABLES as BOUNDED } from '#server/statements/sealed-columns.ts';
import { prepareStatementsKey } from '#server/statements/keys.ts';
import { SEALED_TABLES } from '#server/statements/sealed-columns.ts';
import { openTestApp, postStatement, type TestApp } from '../helpers/app';
import { validStatement, insertReviewWithNotes } from '../helpers/statement-fixtures';
import { storageTargets } from '../helpers/storage-targets';
import { importInto, winnersFixture } from '../helpers/winners-fixture';
import { validComplaint } from '../complaints/complaint-fixtures';

// docs/decisions/storage.md#statements-key: a key rotation reseals the columns of one registry. A value sealed
// with the statements key in any other column would be unreadable once the old key is gone: this test looks
// at every column of every table of a database holding each kind of sealed data, before and after a rotation.

/** What encryption.ts writes: "v2.<key id>.<data>", or the first format "v1.<data>". */
// The statements key's values (v2, v1), and the bounded families' (docs/decisions/storage.md#bounded-keys).
const SEALED = /^(?:v2|open|y\d{4})\.([0-9a-f]{16})\.[\w-]+$|^v1\.[\w-]{40,}$/;

const REGISTERED = SEALED_TABLES.flatMap(({ table, columns }) =>
  Object.keys(columns).map((column) => `${table}.${column}`),
);

describe.each(storageTargets)('the sealed columns on $name', (target) => {
  let t: TestApp;

  /** Every sealed value of the database, by `table.column`, with the id of the key that sealed it. */
  async function sealedValues(): Promise<Map<string, Array<string | undefined>>> {
    const db = t.storage.db;
    // On PostgreSQL, the tables of this test's schema alone (own-schema-introspector.ts).
    const tables = await db.introspection.getTables();
    const found = new Map<string, Array<string | undefined>>();
    for (const table of tables) {
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(db))
        .rows;
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          const match = typeof value === 'string' ? SEALED.exec(value) : null;
          if (!match) continue;
          const name = `${table.name}.${column}`;
          found.set(name, [...(found.get(name) ?? []), match[1]]);
        }
      }
    }
    return found;
  }

  beforeAll(async () => {
    t = await openTestApp(target, { rateLimitMax: 1_000 });
    // A claim's e-mail and its link mail, a reserve entry's e-mail.
    await importInto(t, {
      ...winnersFixture,
      draws: [
        ...winnersFixture.draws,
        {
          drawName: 'Draw1',
          price: 'WINTO',
          priceRank: 2,
          code: 'W0000000012',
          name: 'Ola O.',
          testimonialId: 'T3',
          reserve: 1,
          email: 'ola@example.com',
        },
      ],
    });
    // A statement with its photo, its review's notes, and a copy of it rejected (as reopen-claim keeps one).
    expect((await postStatement(t, validStatement('III', 'T0000000003'))).statusCode).toBe(201);
    const statement = await t.storage.db.selectFrom('statements').selectAll().executeTakeFirstOrThrow();
    await insertReviewWithNotes(t, statement);
    await t.storage.db
      .insertInto('rejected_statements')
      .values({ ...statement, id: 'rejected-1', rejected_at: statement.created_at })
      .execute();
    // A complaint (docs/decisions/complaints.md#sealed).
    const complaint = await t.app.inject({
      method: 'POST',
      url: '/api/complaints',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(validComplaint()),
    });
    expect(complaint.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds sealed values only in the registry’s columns, and in each of them', async () => {
    const found = [...(await sealedValues()).keys()];
    expect(found.filter((column) => !REGISTERED.includes(column))).toEqual([]);
    // The data above covers the registry: a new sealed column gets a row here too.
    expect(REGISTERED.filter((column) => !found.includes(column))).toEqual([]);
  });

  it('leaves nothing sealed by the old key after a rotation; a statement’s values keep their family’s key', async () => {
    const newKey = randomBytes(32);
    await prepareStatementsKey(t.storage, { key: t.statementsKey, previous: [], source: 'STATEMENTS_KEY' });
    expect(
      await prepareStatementsKey(t.storage, {
        key: newKey,
        previous: [t.statementsKey],
        source: 'STATEMENTS_KEY',
      }),
    ).toBe(0);
    const [open] = await t.storage.db
      .selectFrom('seal_keys')
      .select('id')
      .where('family', '=', 'open')
      .execute();
    const values = await sealedValues();
    const keyIds = [...values.values()].flat();
    expect(keyIds.length).toBeGreaterThanOrEqual(REGISTERED.length);
    for (const [column, ids] of values)
      expect(new Set(ids), column).toEqual(
        new Set([BOUNDED.some((table) => column.startsWith(`${table}.`)) ? open!.id : keyId(newKey)]),
      );
  });
});
