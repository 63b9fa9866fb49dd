import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyId, type LoadedKey } from '#server/crypto/encryption.ts';
import { retireYearKey, YearKeyDestroyedError } from '#server/crypto/year-key-files.ts';
import { openClaimEmail } from '#server/claims/claims.ts';
import { PURGED } from '#server/db/statements.ts';
import { imagesDirOf } from '#server/operator/exports.ts';
import { openNote } from '#server/review/view.ts';
import { prepareStatementsKey } from '#server/statements/keys.ts';
import { unsealImage, unsealStatement } from '#server/statements/sealed.ts';
import { destroyYearKeys, resealToYear, type YearKeys } from '#server/statements/year-keys.ts';
import { openTestApp, postStatement, type TestApp } from '../helpers/app';
import { copyDatabase } from '../helpers/copy-database';
import { runOperator } from '../helpers/operator';
import { validStatement, insertReviewWithNotes } from '../helpers/statement-fixtures';
import { storageTargets } from '../helpers/storage-targets';
import { importInto, winnersFixture } from '../helpers/winners-fixture';

// docs/decisions/storage.md#year-keys: a statement whose purge day is known is sealed with its year's key,
// kept in a folder outside the database; the key goes once no value needs it, and with it every copy of the
// statement, the database's backups included.

const loaded = (key: Buffer, previous: Buffer[] = []): LoadedKey => ({
  key,
  previous,
  source: 'STATEMENTS_KEY',
});

describe.each(storageTargets)('the keys of the years on $name', (target) => {
  let t: TestApp;
  let yearKeys: YearKeys;
  const dir = () => yearKeys.dir;
  const keyFiles = () => (fs.existsSync(dir()) ? fs.readdirSync(dir()).sort() : []);

  /** The statements, by code: what their rows, claims and reviews hold. */
  async function statementOf(code: string) {
    const db = t.storage.db;
    const statement = await db
      .selectFrom('statements')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    const claim = await db
      .selectFrom('claims')
      .selectAll()
      .where('id', '=', statement.claim_id)
      .executeTakeFirstOrThrow();
    const review = await db
      .selectFrom('reviews')
      .selectAll()
      .where('statement_id', '=', statement.id)
      .executeTakeFirst();
    return { statement, claim, review };
  }

  /** What the retention run empties of a statement (its fields, photo, claim's e-mail, review notes). */
  async function emptyStatement(code: string) {
    const { statement } = await statementOf(code);
    const db = t.storage.db;
    await db
      .updateTable('statements')
      .set({ secrets: PURGED, image: null })
      .where('id', '=', statement.id)
      .execute();
    await db.updateTable('claims').set({ email_sealed: null }).where('id', '=', statement.claim_id).execute();
    await db
      .updateTable('reviews')
      .set({ note: null, approval_note: null })
      .where('statement_id', '=', statement.id)
      .execute();
  }

  beforeAll(async () => {
    t = await openTestApp(target, { rateLimitMax: 1_000 });
    yearKeys = { storage: t.storage, dir: path.join(t.dataDir, 'year-keys'), keys: [t.statementsKey] };
    await importInto(t, winnersFixture);
    for (const [tier, code] of [
      ['III', 'T0000000003'],
      ['VI', 'A1B2C3D4E5F'],
      ['VI', 'E1B2C3D4E5F'],
    ] as const)
      expect((await postStatement(t, validStatement(tier, code))).statusCode).toBe(201);
    const { statement } = await statementOf('T0000000003');
    await insertReviewWithNotes(t, statement);
  });
  afterAll(async () => {
    await t.close();
  });

  it('seals a statement, its photo, its claim’s e-mail and its review’s notes with its year’s key, once', async () => {
    const before = await statementOf('T0000000003');
    expect(before.claim.email_sealed).toMatch(/^v2\./);
    expect(await resealToYear(yearKeys, [{ statementId: before.statement.id, purgeYear: 2031 }])).toEqual({
      resealed: 1,
      skipped: 0,
      notFound: [],
    });
    const [file] = keyFiles();
    expect(keyFiles()).toEqual([expect.stringMatching(/^2031-[0-9a-f]{16}\.key$/)]);
    expect(fs.statSync(path.join(dir(), file!)).mode & 0o777).toBe(0o600);
    const id = file!.slice('2031-'.length, -'.key'.length);
    const { statement, claim, review } = await statementOf('T0000000003');
    for (const value of [
      statement.secrets,
      statement.image,
      claim.email_sealed,
      review!.note,
      review!.approval_note,
    ])
      expect(value!.startsWith(`y2031.${id}.`)).toBe(true);
    // The reads that pass the statements key alone (review, payouts, the winner's pages) open them still.
    expect(unsealStatement([t.statementsKey], statement.claim_id, statement)).toEqual(
      unsealStatement([t.statementsKey], before.statement.claim_id, before.statement),
    );
    expect(unsealImage([t.statementsKey], statement.claim_id, statement.image!)).toEqual(
      unsealImage([t.statementsKey], statement.claim_id, before.statement.image!),
    );
    expect(openClaimEmail([t.statementsKey], claim.record_key, claim.email_sealed!)).toBe(
      'jan.kowalski@example.com',
    );
    expect(openNote([t.statementsKey], statement.id, 'approval', review!.approval_note)).toBe(
      'Sprawdź jeszcze raz',
    );
    // Again, by its reference, or for an earlier year: nothing changes; an unknown one is named.
    expect(
      await resealToYear(yearKeys, [
        { reference: statement.reference!, purgeYear: 2031 },
        { statementId: statement.id, purgeYear: 2030 },
        { reference: 'NIEMA-0000', purgeYear: 2031 },
      ]),
    ).toEqual({ resealed: 0, skipped: 2, notFound: ['NIEMA-0000'] });
    expect((await statementOf('T0000000003')).statement.secrets).toBe(statement.secrets);
    expect(keyFiles()).toHaveLength(1);
  });

  it('leaves year-sealed values to themselves in a key rotation, and opens them with the new key', async () => {
    const newKey = randomBytes(32);
    const before = await statementOf('T0000000003');
    await prepareStatementsKey(t.storage, loaded(t.statementsKey));
    // The rotation re-marks every statement: the year-sealed one is opened with its year's key.
    expect(await prepareStatementsKey(t.storage, loaded(newKey, [t.statementsKey]))).toBe(2);
    const after = await statementOf('T0000000003');
    expect(after.statement.secrets).toBe(before.statement.secrets);
    expect(after.claim.email_sealed).toBe(before.claim.email_sealed);
    expect(after.review!.note).toBe(before.review!.note);
    const marks = await t.storage.db
      .selectFrom('statement_marks')
      .select('key_id')
      .where('statement_id', '=', after.statement.id)
      .execute();
    expect(new Set(marks.map((mark) => mark.key_id))).toEqual(new Set([keyId(newKey)]));
    expect((await statementOf('A1B2C3D4E5F')).statement.secrets.startsWith(`v2.${keyId(newKey)}.`)).toBe(
      true,
    );
    // Back to the test's key, for what follows.
    await prepareStatementsKey(t.storage, loaded(t.statementsKey, [newKey]));
  });

  it('never destroys a key a value still needs, and destroys it once none does', async () => {
    const [file] = keyFiles();
    expect(await destroyYearKeys(yearKeys, [2031, 2040])).toEqual({
      destroyed: [],
      kept: [{ year: 2031, rows: 3 }],
    });
    // A run interrupted after retiring the key: the next one finds it needed and lets it seal again.
    const retired = path.join(dir(), file!.replace(/\.key$/, '.destroying'));
    fs.renameSync(path.join(dir(), file!), retired);
    const { statement } = await statementOf('T0000000003');
    expect(unsealStatement([t.statementsKey], statement.claim_id, statement)).toHaveProperty('type');
    expect((await destroyYearKeys(yearKeys, [2031])).kept).toEqual([{ year: 2031, rows: 3 }]);
    expect(keyFiles()).toEqual([file]);

    await emptyStatement('T0000000003');
    expect(await destroyYearKeys(yearKeys, [2031])).toEqual({ destroyed: [2031], kept: [] });
    expect(keyFiles()).toEqual([file!.replace(/\.key$/, '.destroyed')]);
    // A later statement of that year gets a key of its own.
    const other = await statementOf('E1B2C3D4E5F');
    expect(
      await resealToYear(yearKeys, [{ statementId: other.statement.id, purgeYear: 2031 }]),
    ).toMatchObject({
      resealed: 1,
    });
    const now = keyFiles().filter((name) => name.endsWith('.key'));
    expect(now).toHaveLength(1);
    expect(now[0]).not.toBe(file);
    expect(
      unsealStatement(
        [t.statementsKey],
        other.statement.claim_id,
        (await statementOf('E1B2C3D4E5F')).statement,
      ),
    ).toHaveProperty('type');
  });

  it('makes a copy of the database taken before the run unreadable for the statements it emptied', async () => {
    const sealedA = await statementOf('A1B2C3D4E5F');
    await resealToYear(yearKeys, [{ statementId: sealedA.statement.id, purgeYear: 2032 }]);
    const copy = await copyDatabase(t);
    try {
      const where = { ...copy, statementsKey: t.statementsKey, audit: t.audit };
      const env = { YEAR_KEYS_DIR: dir() };
      const out = path.join(copy.dataDir, 'export.csv');
      // The copy, restored before the run, shows both statements not yet emptied.
      expect((await runOperator(['export-statements', '--out', out], where, env)).lines).toEqual([
        { out, statements: 2 },
      ]);
      // The run empties A1B2… (due in 2032) and destroys its year's key.
      await emptyStatement('A1B2C3D4E5F');
      expect(await destroyYearKeys(yearKeys, [2032])).toEqual({ destroyed: [2032], kept: [] });

      const exported = await runOperator(['export-statements', '--out', out], where, env);
      expect(exported.exitCode).toBe(0);
      expect(exported.lines).toEqual([{ out, statements: 1, keyDestroyed: 1 }]);
      expect(exported.stderr).toBe(
        `Oświadczenie ${sealedA.statement.reference}: jego klucz zniszczono razem z rokiem 2032 (dane usunięte po okresie przechowywania) — nie da się go odczytać, pominięto je.\n`,
      );
      const csv = fs.readFileSync(out, 'utf8');
      expect(csv).toContain((await statementOf('E1B2C3D4E5F')).statement.reference);
      expect(csv).not.toContain(sealedA.statement.reference);
      expect(fs.existsSync(path.join(imagesDirOf(out), `${sealedA.statement.id}.png`))).toBe(false);
      // Restored after the statements key was rotated: the start marks anew what it can read, and goes on.
      const rotated = await runOperator(['export-statements', '--out', out], where, {
        ...env,
        STATEMENTS_KEY: randomBytes(32).toString('hex'),
        STATEMENTS_PREVIOUS_KEYS: t.statementsKey.toString('hex'),
      });
      expect(rotated.exitCode).toBe(0);
      expect(rotated.stderr).toBe(exported.stderr);
      expect(rotated.lines).toEqual([{ out, statements: 1, keyDestroyed: 1 }]);
    } finally {
      await copy.drop();
    }
  });

  it('seals again with another key of the year what it wrote while its key was being destroyed', async () => {
    const { statement } = await statementOf('E1B2C3D4E5F');
    // Another process's destroyYearKeys retires the key just as this reseal writes with it.
    let retired: string | undefined;
    const racing: YearKeys = {
      ...yearKeys,
      storage: {
        ...t.storage,
        db: t.storage.db.withPlugin({
          transformQuery: ({ node }) => {
            const key = keyFiles().find((name) => /^2033-.*\.key$/.test(name));
            if (node.kind === 'UpdateQueryNode' && retired === undefined && key) {
              retired = key.slice('2033-'.length, -'.key'.length);
              retireYearKey(dir(), 2033, retired);
            }
            return node;
          },
          transformResult: async ({ result }) => result,
        }),
      },
    };
    expect(await resealToYear(racing, [{ statementId: statement.id, purgeYear: 2033 }])).toMatchObject({
      resealed: 1,
    });
    const after = await statementOf('E1B2C3D4E5F');
    expect(after.statement.secrets).toMatch(/^y2033\./);
    expect(after.statement.secrets.startsWith(`y2033.${retired}.`)).toBe(false);
    expect(after.claim.email_sealed).toBeNull();
    expect(unsealStatement([t.statementsKey], statement.claim_id, after.statement)).toEqual(
      unsealStatement([t.statementsKey], statement.claim_id, statement),
    );
    // The retired key sealed nothing that stayed: the destroyer's second look finds it unneeded.
    expect(await destroyYearKeys(yearKeys, [2033])).toEqual({
      destroyed: [],
      kept: [{ year: 2033, rows: 1 }],
    });
    expect(keyFiles()).toContain(`2033-${retired}.destroyed`);
  });

  it('tells a destroyed key from a missing one', async () => {
    const { statement } = await statementOf('E1B2C3D4E5F');
    const moved = `${dir()}-elsewhere`;
    fs.renameSync(dir(), moved);
    try {
      expect(() => unsealStatement([t.statementsKey], statement.claim_id, statement)).toThrow(
        /^brak klucza roku 2033 \([0-9a-f]{16}\) w folderze kluczy lat .* \(YEAR_KEYS_DIR\)$/,
      );
    } finally {
      fs.renameSync(moved, dir());
    }
    const destroyed = await statementOf('T0000000003');
    const gone = keyFiles().find((name) => name.startsWith('2031-') && name.endsWith('.destroyed'))!;
    const sealed = `y2031.${gone.slice('2031-'.length, -'.destroyed'.length)}.AAAA`;
    expect(destroyed.statement.secrets).toBe(PURGED);
    expect(() => unsealStatement([t.statementsKey], statement.claim_id, { secrets: sealed })).toThrow(
      YearKeyDestroyedError,
    );
  });
});
