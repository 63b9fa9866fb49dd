import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyId, type LoadedKey } from '../../src/server/crypto';
import { prepareStatementsKey } from '../../src/server/statements/keys';
import { openTestApp, postStatement, type TestApp } from './helpers';
import { runOperator } from './operator-cli';
import { validStatement } from './statement-fixtures';
import { storageTargets } from './storage-targets';
import { importInto, winnersFixture } from './winners-fixture';

const loaded = (key: Buffer, previous: Buffer[] = []): LoadedKey => ({
  key,
  previous,
  source: 'STATEMENTS_KEY',
});

// Issue 10 §4: the database knows which key seals its statements; another key is refused at start.
describe.each(storageTargets)('the statements key on $name', (target) => {
  let t: TestApp;
  const post = (payload: Record<string, unknown>) => postStatement(t, payload);
  const sealedKeyIds = async () =>
    (await t.storage.db.selectFrom('statements').select(['secrets', 'image']).execute()).flatMap((row) =>
      [row.secrets, row.image].filter((value) => value !== null).map((value) => value!.split('.')[1]),
    );

  beforeAll(async () => {
    t = await openTestApp(target, { rateLimitMax: 1_000 });
    await importInto(t, winnersFixture);
    // a statement sealed before the database knew a fingerprint (as from before this check)
    expect((await post(validStatement('III', 'T0000000003'))).statusCode).toBe(201);
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
    expect(await prepareStatementsKey(t.storage, loaded(t.statementsKey))).toBe(0);
    expect(await prepareStatementsKey(t.storage, loaded(t.statementsKey))).toBe(0);
    await expect(prepareStatementsKey(t.storage, loaded(randomBytes(32)))).rejects.toThrow(/STATEMENTS_KEY/);
    const status = await runOperator(['status'], t, { STATEMENTS_KEY: randomBytes(32).toString('hex') });
    expect(status.exitCode).toBe(1);
    expect(status.stderr).toMatch(/^Błąd: STATEMENTS_KEY nie pasuje do klucza/);
    expect(status.lines).toEqual([]);
  });

  it('rotates: a new key with the old one as previous reseals everything, then the old one can go', async () => {
    const newKey = randomBytes(32);
    expect(new Set(await sealedKeyIds())).toEqual(new Set([keyId(t.statementsKey)]));
    expect(await prepareStatementsKey(t.storage, loaded(newKey, [t.statementsKey]))).toBe(1);
    expect(new Set(await sealedKeyIds())).toEqual(new Set([keyId(newKey)]));
    // the old key alone is now the wrong one; the new one alone opens everything
    await expect(prepareStatementsKey(t.storage, loaded(t.statementsKey))).rejects.toThrow(/STATEMENTS_KEY/);
    const out = `${t.dataDir}/rotated.csv`;
    const exported = await runOperator(['export-statements', '--out', out], t, {
      STATEMENTS_KEY: newKey.toString('hex'),
    });
    expect(exported.stderr).toBe('');
    expect(exported.lines).toEqual([{ out, statements: 1 }]);
  });
});
