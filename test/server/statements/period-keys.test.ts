import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptBytes, type LoadedKey } from '#server/crypto/encryption.ts';
import { YearKeyDestroyedError } from '#server/crypto/year-key-files.ts';
import { openClaimEmail } from '#server/claims/claims.ts';
import { PURGED, rejectStatementsOfClaims } from '#server/db/statements.ts';
import { retireAllCurrent } from '#server/db/seal-keys.ts';
import { openNote } from '#server/review/view.ts';
import { prepareStatementsKey } from '#server/statements/keys.ts';
import {
  confirmSealers,
  resealToYear,
  finishRetiredKeys,
  SealKeyRetiredError,
  sealerFor,
  type PeriodKeys,
} from '#server/statements/period-keys.ts';
import { unsealImage, unsealStatement } from '#server/statements/sealed.ts';
import { runRetentionWithKeys } from '#server/retention/with-keys.ts';
import { fakeClock, openTestApp, postStatement, type TestApp } from '../helpers/app';
import { validStatement, insertReviewWithNotes } from '../helpers/statement-fixtures';
import { validComplaint } from '../complaints/complaint-fixtures';
import { statementRows } from '../helpers/retention-rows';
import { storageTargets } from '../helpers/storage-targets';
import { importInto, winnersFixture } from '../helpers/winners-fixture';

// docs/decisions/storage.md#bounded-keys: a statement's values are sealed from the start with a key whose end
// is bounded (the open family's), with its purge year's once that is known; a key goes once no value needs it.

const loaded = (key: Buffer, previous: Buffer[] = []): LoadedKey => ({
  key,
  previous,
  source: 'STATEMENTS_KEY',
});

describe.each(storageTargets)('the bounded families of keys on $name', (target) => {
  let t: TestApp;
  let periodKeys: PeriodKeys;
  const keyFiles = () => (fs.existsSync(t.storage.keysDir) ? fs.readdirSync(t.storage.keysDir).sort() : []);
  const keysOf = (family: string, state: string) =>
    t.storage.db
      .selectFrom('seal_keys')
      .select('id')
      .where('family', '=', family)
      .where('state', '=', state as never)
      .execute();

  const statementOf = (code: string) => statementRows(t.storage.db, { code });
  /** What a run that empties something does to the keys: retires them all in its commit, then finishes them. */
  const rotate = async () => {
    await t.storage.db.transaction().execute((trx) => retireAllCurrent(trx, new Date(0).toISOString()));
    return finishRetiredKeys(periodKeys);
  };
  const valuesOf = ({ statement, claim, review }: Awaited<ReturnType<typeof statementOf>>) => [
    statement.secrets,
    statement.image,
    claim.email_sealed,
    review?.note ?? null,
    review?.approval_note ?? null,
  ];

  beforeAll(async () => {
    t = await openTestApp(target, { rateLimitMax: 1_000 });
    periodKeys = { storage: t.storage, keys: [t.statementsKey] };
    await importInto(t, winnersFixture);
    for (const [tier, code] of [
      ['III', 'T0000000003'],
      ['VI', 'A1B2C3D4E5F'],
    ] as const)
      expect((await postStatement(t, validStatement(tier, code))).statusCode).toBe(201);
    await insertReviewWithNotes(t, (await statementOf('T0000000003')).statement);
  });
  afterAll(async () => {
    await t.close();
  });

  it('seals a statement, its photo, its claim’s e-mail, its notes and its marks with the open family’s key from the start', async () => {
    const [open] = await keysOf('open', 'current');
    const sent = await statementOf('T0000000003');
    for (const value of valuesOf(sent)) expect(value!.startsWith(`open.${open!.id}.`)).toBe(true);
    expect(new Set(sent.marks.map((mark) => mark.key_id))).toEqual(new Set([open!.id]));
    expect(keyFiles()).toEqual([`open-${open!.id}.key`]);
    expect(fs.statSync(`${t.storage.keysDir}/open-${open!.id}.key`).mode & 0o777).toBe(0o600);
    // The reads that pass the statements key alone (review, payouts, the winner's pages) open them.
    expect(unsealStatement([t.statementsKey], sent.statement.claim_id, sent.statement)).toMatchObject({
      pesel: '44051401359',
    });
    expect(openClaimEmail([t.statementsKey], sent.claim.record_key, sent.claim.email_sealed!)).toBe(
      'jan.kowalski@example.com',
    );
    expect(openNote([t.statementsKey], sent.statement.id, 'approval', sent.review!.approval_note)).toBe(
      'Sprawdź jeszcze raz',
    );
  });

  it('seals a complaint sent through the form with the open family’s key too', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/complaints',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(validComplaint()),
    });
    expect(sent.statusCode).toBe(201);
    const [open] = await keysOf('open', 'current');
    const { secrets } = await t.storage.db
      .selectFrom('complaints')
      .select('secrets')
      .executeTakeFirstOrThrow();
    expect(secrets.startsWith(`open.${open!.id}.`)).toBe(true);
  });

  it('moves them to the purge year’s key, once, and leaves them there through a statements key rotation', async () => {
    const before = await statementOf('T0000000003');
    const request = { statementId: before.statement.id, purgeYear: 2031 };
    expect(await resealToYear(periodKeys, [request])).toEqual({ resealed: 1, skipped: 0, notFound: [] });
    const [year] = await keysOf('2031', 'current');
    const after = await statementOf('T0000000003');
    for (const value of valuesOf(after)) expect(value!.startsWith(`y2031.${year!.id}.`)).toBe(true);
    expect(unsealImage([t.statementsKey], after.statement.claim_id, after.statement.image!)).toEqual(
      unsealImage([t.statementsKey], before.statement.claim_id, before.statement.image!),
    );
    expect(
      await resealToYear(periodKeys, [request, { statementId: before.statement.id, purgeYear: 2030 }]),
    ).toEqual({ resealed: 0, skipped: 2, notFound: [] });

    const newKey = randomBytes(32);
    await prepareStatementsKey(t.storage, loaded(newKey, [t.statementsKey]));
    expect(valuesOf(await statementOf('T0000000003'))).toEqual(valuesOf(after));
    await prepareStatementsKey(t.storage, loaded(t.statementsKey, [newKey]));
  });

  it('replaces every key: what is left is sealed with a new key, the marks made anew, the old keys destroyed', async () => {
    const [old] = await keysOf('open', 'current');
    const pending = await statementOf('A1B2C3D4E5F');
    // The year of the statement not due yet (2031) and the open family alike.
    expect(await rotate()).toEqual([
      { family: 2031, destroyed: 1, resealed: true, left: 0 },
      { family: 'open', destroyed: 1, resealed: true, left: 0 },
    ]);
    const [now] = await keysOf('open', 'current');
    expect(now!.id).not.toBe(old!.id);
    expect(await keysOf('open', 'destroyed')).toEqual([{ id: old!.id }]);
    expect(keyFiles()).toContain(`open-${old!.id}.destroyed`);
    expect(keyFiles()).not.toContain(`open-${old!.id}.key`);
    const after = await statementOf('A1B2C3D4E5F');
    expect(after.statement.secrets.startsWith(`open.${now!.id}.`)).toBe(true);
    expect(after.claim.email_sealed!.startsWith(`open.${now!.id}.`)).toBe(true);
    expect(unsealStatement([t.statementsKey], after.statement.claim_id, after.statement)).toEqual(
      unsealStatement([t.statementsKey], after.statement.claim_id, after.statement),
    );
    // Every statement's marks are made anew with the new key (the year-sealed one's too).
    const third = await statementOf('T0000000003');
    for (const marks of [after.marks, third.marks])
      expect(new Set(marks.map((mark) => mark.key_id))).toEqual(new Set([now!.id]));
    // What the old key sealed, in any copy, now reads as destroyed.
    expect(() => unsealStatement([t.statementsKey], pending.statement.claim_id, pending.statement)).toThrow(
      YearKeyDestroyedError,
    );
    // A year emptied whole loses its keys, and makes no new one.
    await t.storage.db
      .updateTable('statements')
      .set({ secrets: PURGED, image: null })
      .where('id', '=', third.statement.id)
      .execute();
    await t.storage.db
      .updateTable('claims')
      .set({ email_sealed: null })
      .where('id', '=', third.claim.id)
      .execute();
    await t.storage.db
      .updateTable('reviews')
      .set({ note: null, approval_note: null })
      .where('statement_id', '=', third.statement.id)
      .execute();
    await t.storage.db.deleteFrom('statement_marks').where('statement_id', '=', third.statement.id).execute();
    expect(await rotate()).toContainEqual({ family: 2031, destroyed: 1, resealed: false, left: 0 });
    expect(await keysOf('2031', 'current')).toEqual([]);
  });

  it('refuses to store what a key sealed once that key was retired, and the statement is sealed again', async () => {
    const sealer = await sealerFor(t.storage, 'open');
    await rotate();
    await expect(
      t.storage.db.transaction().execute((trx) => confirmSealers(trx, [sealer])),
    ).rejects.toBeInstanceOf(SealKeyRetiredError);
    // A statement sent now is sealed with the new key.
    const [now] = await keysOf('open', 'current');
    expect((await postStatement(t, validStatement('VI', 'E1B2C3D4E5F'))).statusCode).toBe(201);
    expect((await statementOf('E1B2C3D4E5F')).statement.secrets.startsWith(`open.${now!.id}.`)).toBe(true);
  });

  it('finishes at the next applied run the keys an interrupted run left retired', async () => {
    // The run's commit retired them; the process stopped before it destroyed them.
    await t.storage.db.transaction().execute((trx) => retireAllCurrent(trx, new Date(0).toISOString()));
    const day = new Date().toISOString().slice(0, 10);
    const key = { key: t.statementsKey, previous: [], source: 'STATEMENTS_KEY' };
    const run = await runRetentionWithKeys(
      { storage: t.storage, clock: fakeClock(), key },
      { day, apply: true, actor: 'operator' },
    );
    expect(run.rotatedKeys).toContain('open');
    expect(await keysOf('open', 'retired')).toEqual([]);
    const { statement } = await statementOf('E1B2C3D4E5F');
    expect(unsealStatement([t.statementsKey], statement.claim_id, statement)).toHaveProperty('type');
  });

  it('on start, seals with the open family’s key what the statements key sealed before', async () => {
    const { statement, claim } = await statementOf('E1B2C3D4E5F');
    const plain = Buffer.from(JSON.stringify({ name: 'Jan' }), 'utf8');
    await t.storage.db
      .updateTable('statements')
      .set({ secrets: encryptBytes(t.statementsKey, plain, `statement:${claim.id}`) })
      .where('id', '=', statement.id)
      .execute();
    expect(await prepareStatementsKey(t.storage, loaded(t.statementsKey))).toBe(1);
    const after = await statementOf('E1B2C3D4E5F');
    expect(after.statement.secrets).toMatch(/^open\./);
    expect(unsealStatement([t.statementsKey], claim.id, after.statement)).toEqual({ name: 'Jan' });
  });

  it('drops the marks of a statement the operator rejected, so they keep no key alive', async () => {
    const { statement } = await statementOf('E1B2C3D4E5F');
    await rejectStatementsOfClaims(t.storage.db, [statement.claim_id], new Date(0).toISOString());
    const [open] = await keysOf('open', 'current');
    expect(await rotate()).toContainEqual({ family: 'open', destroyed: 1, resealed: true, left: 0 });
    expect(await keysOf('open', 'destroyed')).toContainEqual({ id: open!.id });
  });
});
