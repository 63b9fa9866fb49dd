import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR, entryHmac, recordAudit } from '#server/staff/audit.ts';
import { fakeClock, openTestApp, postStatement, type TestApp } from '../helpers/app';
import { runOperator } from '../helpers/operator';
import { validStatement } from '../helpers/statement-fixtures';
import { storageTargets } from '../helpers/storage-targets';
import { importInto, winnersFixture } from '../helpers/winners-fixture';

describe.each(storageTargets)('the audit trail on $name', (target) => {
  let t: TestApp;
  const clock = fakeClock();
  const verify = () => runOperator(['audit-verify'], t);
  const lastEntry = () =>
    t.storage.db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').limit(1).executeTakeFirst();
  const entry = (seq: number) => t.storage.db.selectFrom('audit_log').selectAll().where('seq', '=', seq);

  beforeAll(async () => {
    t = await openTestApp(target, { rateLimitMax: 1_000 }, clock);
  });
  afterAll(async () => {
    await t.close();
  });

  it('numbers entries appended at once without gaps, each linked to the one before', async () => {
    await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        recordAudit(t.storage, clock, { actor: OPERATOR, action: 'logout', subject: `s${index}` }),
      ),
    );
    const seqs = (await t.storage.db.selectFrom('audit_log').select('seq').orderBy('seq').execute()).map(
      (row) => row.seq,
    );
    expect(seqs).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    const verified = await verify();
    expect(verified.exitCode).toBe(0);
    expect(verified.lines).toEqual([{ entries: 40, verified: true }]);
    expect(verified.stderr).toMatch(/^Ostatni wpis: nr 40, skrót [0-9a-f]{64}\.$/m);
  });

  it('staff-invite prints the one-time link and records the invitation', async () => {
    const invited = await runOperator(['staff-invite', 'Ewa@Example.pl', 'auditor'], t);
    expect(invited.exitCode).toBe(0);
    expect(invited.lines).toEqual([
      {
        email: 'ewa@example.pl',
        role: 'auditor',
        link: expect.stringMatching(/^\/panel\/zaproszenie#[\w-]{32}$/),
      },
    ]);
    const last = await lastEntry();
    expect(last).toMatchObject({ actor: 'operator', action: 'invitation' });
    const refused = await runOperator(['staff-invite', 'ewa@example.pl', 'szef'], t);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(/^Błąd: Nieznana rola\./);
  });

  it('export-statements leaves an entry with how many statements went out, and who ran it', async () => {
    await importInto(t, winnersFixture);
    const code = winnersFixture.instant.find((record) => record.award === 'TELEFON')!.code;
    expect((await postStatement(t, validStatement('III', code))).statusCode).toBe(201);
    const out = path.join(t.dataDir, 'eksport.csv');
    const exported = await runOperator(['export-statements', '--out', out], t);
    expect(exported.exitCode).toBe(0);
    expect(fs.existsSync(out)).toBe(true);
    const last = await lastEntry();
    expect(last).toMatchObject({ actor: 'operator', action: 'statements-exported' });
    expect(JSON.parse(last!.details!)).toMatchObject({ statements: 1, user: expect.any(String) });
    expect((await verify()).exitCode).toBe(0);
  });

  it('names the first entry altered, the one after an entry altered with its hash recomputed, and a removed one', async () => {
    const original = (await entry(3).executeTakeFirst())!;
    await t.storage.db.updateTable('audit_log').set({ subject: 'inny' }).where('seq', '=', 3).execute();
    let check = await verify();
    expect(check.exitCode).toBe(1);
    expect(check.lines).toEqual([]);
    expect(check.stderr).toMatch(/wpis nr 3 nie zgadza się ze swoim skrótem: został zmieniony/);
    expect(check.stderr).toMatch(/Sprawdzono poprawnie 2 wpisów/);

    await t.storage.db
      .updateTable('audit_log')
      .set({ hash: 'f'.repeat(64) })
      .where('seq', '=', 3)
      .execute();
    // Even with the trail's key, an entry's recomputed hash leaves the next one pointing at the old one.
    const { hash: _, ...content } = (await entry(3).executeTakeFirst())!;
    await t.storage.db
      .updateTable('audit_log')
      .set({ hash: entryHmac(t.audit.key, content) })
      .where('seq', '=', 3)
      .execute();
    check = await verify();
    expect(check.stderr).toMatch(/wpis nr 4 nie wskazuje skrótu wpisu nr 3/);

    await t.storage.db.updateTable('audit_log').set(original).where('seq', '=', 3).execute();
    expect((await verify()).exitCode).toBe(0);
    await t.storage.db.deleteFrom('audit_log').where('seq', '=', 5).execute();
    check = await verify();
    expect(check.exitCode).toBe(1);
    expect(check.stderr).toMatch(/brakuje wpisu nr 5: został usunięty/);
  });
});
