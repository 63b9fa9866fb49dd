import { createCipheriv, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { encryptText, keyId, type LoadedKey } from '#server/crypto/encryption.ts';
import { prepareStatementsKey } from '#server/statements/keys.ts';
import { contactDigest } from '#server/crypto/secrets.ts';
import { openNote } from '#server/review/view.ts';
import { unsealImage, unsealStatement } from '#server/statements/sealed.ts';
import { openTestApp, postStatement, type TestApp } from '../helpers/app';
import { runOperator } from '../helpers/operator';
import { pngDataUrl, validStatement, insertReviewWithNotes } from '../helpers/statement-fixtures';
import { storageTargets } from '../helpers/storage-targets';
import { importInto, winnersFixture } from '../helpers/winners-fixture';

const loaded = (key: Buffer, previous: Buffer[] = []): LoadedKey => ({
  key,
  previous,
  source: 'STATEMENTS_KEY',
});

// docs/decisions/storage.md#statements-key: the database knows which key seals its statements; another key is
// refused at start.
describe.each(storageTargets)('the statements key on $name', (target) => {
  let t: TestApp;
  const post = (payload: Record<string, unknown>) => postStatement(t, payload);
  const keyIdsOf = (values: (string | null)[]) =>
    values.filter((value) => value !== null).map((value) => value!.split('.')[1]);
  const sealedKeyIds = async () =>
    (await t.storage.db.selectFrom('statements').select(['secrets', 'image']).execute()).flatMap((row) =>
      keyIdsOf([row.secrets, row.image]),
    );
  /** The mail waiting to be sent, the claims' and reserve entries' e-mails, the review notes: sealed alike. */
  const mailKeyIds = async () => [
    ...keyIdsOf(
      (await t.storage.db.selectFrom('reserve_entries').select('email_sealed').execute()).map(
        (row) => row.email_sealed,
      ),
    ),
    ...keyIdsOf(
      (await t.storage.db.selectFrom('reviews').select(['note', 'approval_note']).execute()).flatMap(
        (row) => [row.note, row.approval_note],
      ),
    ),
    ...keyIdsOf(
      (await t.storage.db.selectFrom('outbox').select('sealed').execute()).map((row) => row.sealed),
    ),
    ...keyIdsOf(
      (await t.storage.db.selectFrom('claims').select('email_sealed').execute()).map(
        (row) => row.email_sealed,
      ),
    ),
  ];

  beforeAll(async () => {
    t = await openTestApp(target, { rateLimitMax: 1_000 });
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
    // a statement sealed with the statements key before the database knew a fingerprint (as from before this
    // check, and before the bounded families: docs/decisions/storage.md#bounded-keys)
    expect((await post(validStatement('III', 'T0000000003'))).statusCode).toBe(201);
    const stored = await t.storage.db.selectFrom('statements').selectAll().executeTakeFirstOrThrow();
    const fields = JSON.stringify(unsealStatement([t.statementsKey], stored.claim_id, stored));
    await t.storage.db
      .updateTable('statements')
      .set({ secrets: encryptText(t.statementsKey, fields, `statement:${stored.claim_id}`) })
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a key that cannot open what the database holds, naming STATEMENTS_KEY', async () => {
    await expect(prepareStatementsKey(t.storage, loaded(randomBytes(32)))).rejects.toThrow(
      /^STATEMENTS_KEY nie pasuje do klucza, którym zaszyfrowano zapisane oświadczenia/,
    );
  });

  it('records the right key, then refuses any other, and the operator commands do too', async () => {
    // The statement the statements key sealed goes to the open family's key.
    expect(await prepareStatementsKey(t.storage, loaded(t.statementsKey))).toBe(1);
    expect(await prepareStatementsKey(t.storage, loaded(t.statementsKey))).toBe(0);
    await expect(prepareStatementsKey(t.storage, loaded(randomBytes(32)))).rejects.toThrow(/STATEMENTS_KEY/);
    const status = await runOperator(['status'], t, { STATEMENTS_KEY: randomBytes(32).toString('hex') });
    expect(status.exitCode).toBe(1);
    expect(status.stderr).toMatch(/^Błąd klucza szyfrowania: STATEMENTS_KEY nie pasuje do klucza/);
    expect(status.lines).toEqual([]);
  });

  it('rotates: a new key with the old one as previous reseals everything, then the old one can go', async () => {
    const newKey = randomBytes(32);
    // docs/decisions/review.md: a review's notes, and the statement's marks, made with the old key.
    const statement = await t.storage.db
      .selectFrom('statements')
      .select(['id', 'claim_id'])
      .executeTakeFirstOrThrow();
    await insertReviewWithNotes(t, statement);
    // docs/decisions/storage.md#bounded-keys: the statement's values and marks are the open family's, and stay.
    const [open] = await t.storage.db
      .selectFrom('seal_keys')
      .select('id')
      .where('family', '=', 'open')
      .execute();
    const marks = () => t.storage.db.selectFrom('statement_marks').selectAll().execute();
    expect((await marks()).map((mark) => [mark.kind, mark.key_id]).sort()).toEqual(
      [
        ['pesel', open!.id],
        ['identityCard', open!.id],
      ].sort(),
    );
    expect(new Set(await sealedKeyIds())).toEqual(new Set([open!.id]));
    expect(new Set(await mailKeyIds())).toEqual(new Set([keyId(t.statementsKey), open!.id]));
    expect(await prepareStatementsKey(t.storage, loaded(newKey, [t.statementsKey]))).toBe(0);
    expect(new Set(await sealedKeyIds())).toEqual(new Set([open!.id]));
    expect(new Set(await mailKeyIds())).toEqual(new Set([keyId(newKey), open!.id]));
    const review = await t.storage.db.selectFrom('reviews').selectAll().executeTakeFirstOrThrow();
    expect(openNote([newKey], statement.id, 'note', review.note)).toBe('Kupon do sprawdzenia');
    expect(openNote([newKey], statement.id, 'approval', review.approval_note)).toBe('Sprawdź jeszcze raz');
    // The marks stay the open family's key's: the same PESEL is found on statements stored after.
    const after = await marks();
    expect(after.map((mark) => mark.key_id)).toEqual([open!.id, open!.id]);
    const openKey = Buffer.from(
      fs.readFileSync(`${t.storage.keysDir}/open-${open!.id}.key`, 'utf8').trim(),
      'base64',
    );
    expect(after.find((mark) => mark.kind === 'pesel')!.digest).toBe(
      contactDigest(openKey, 'pesel', '44051401359'),
    );
    // the old key alone is now the wrong one; the new one alone opens everything
    await expect(prepareStatementsKey(t.storage, loaded(t.statementsKey))).rejects.toThrow(/STATEMENTS_KEY/);
    const out = `${t.dataDir}/rotated.csv`;
    const exported = await runOperator(['export-statements', '--out', out], t, {
      STATEMENTS_KEY: newKey.toString('hex'),
    });
    expect(exported.stderr).toBe('');
    expect(exported.lines).toEqual([{ out, statements: 1 }]);
  });

  it('reseals a statement stored before everything was sealed (first format, open fields, plain photo)', async () => {
    const claim = await t.storage.db
      .selectFrom('claims')
      .select('id')
      .where('code', '=', 'E1B2C3D4E5F')
      .executeTakeFirstOrThrow();
    // a database from before fingerprints, holding only this statement (and so from before mail and review)
    for (const table of ['reviews', 'statement_marks', 'reserve_entries'] as const)
      await t.storage.db.deleteFrom(table).execute();
    await t.storage.db.deleteFrom('statements').execute();
    await t.storage.db.deleteFrom('outbox').execute();
    await t.storage.db.updateTable('claims').set({ email_sealed: null }).execute();
    await t.storage.db.deleteFrom('app_meta').where('key', '=', 'statements_key_fingerprint').execute();
    // the first format: "v1." + iv, tag and ciphertext, no key id; names and the photo in the clear
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', t.statementsKey, iv);
    cipher.setAAD(Buffer.from(`statement:${claim.id}`));
    const body = Buffer.concat([
      cipher.update(JSON.stringify({ iban: 'PL61109010140000071219812874' })),
      cipher.final(),
    ]);
    await t.storage.db
      .insertInto('statements')
      .values({
        id: 'legacy-1',
        claim_id: claim.id,
        tier: 'VI',
        code: 'E1B2C3D4E5F',
        payload: JSON.stringify({ name: 'Jan', surName: 'Kowalski' }),
        secrets: `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`,
        image: pngDataUrl(),
        reference: null,
        created_at: new Date().toISOString(),
        campaign_received_at: new Date().toISOString(),
      })
      .execute();

    expect(await prepareStatementsKey(t.storage, loaded(t.statementsKey))).toBe(1);
    const row = await t.storage.db
      .selectFrom('statements')
      .selectAll()
      .where('id', '=', 'legacy-1')
      .executeTakeFirstOrThrow();
    expect(row.payload).toBe('');
    expect(JSON.stringify(row)).not.toMatch(/Kowalski|PL6110|iVBORw0KGgo/);
    expect(unsealStatement([t.statementsKey], claim.id, row)).toEqual({
      name: 'Jan',
      surName: 'Kowalski',
      iban: 'PL61109010140000071219812874',
    });
    expect(unsealImage([t.statementsKey], claim.id, row.image!)).toEqual(
      Buffer.from(pngDataUrl().split(',')[1]!, 'base64'),
    );
  });
});
