import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditLogTable } from '#server/db/types.ts';
import { OPERATOR, appendAudit, entryHash, entryHmac, recordAudit } from '#server/staff/audit.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { runOperator } from '../helpers/operator';
import { panelSettings, panelStaff } from '../helpers/panel';
import { storageTargets } from '../helpers/storage-targets';

// docs/decisions/staff.md#keyed-chain and #audit-head: someone who can write to the database edits the trail,
// recomputes the hashes after the edit, cuts its end off or empties it; audit-verify refuses each, by the
// trail's key (outside the database) and the head kept outside it (AUDIT_HEAD_FILE, --expect).
describe.each(storageTargets)('the keyed audit trail and its head on $name', (target) => {
  let t: TestApp;
  let headDir: string;
  const clock = fakeClock();
  const staff = panelStaff(() => t, clock);

  const verify = (args: string[] = [], env: Record<string, string> = {}) =>
    runOperator(['audit-verify', ...args], t, env);
  /** audit-verify where no head file is kept: only --expect says where the trail ended. */
  const verifyWithoutHeadFile = (args: string[], env: Record<string, string> = {}) =>
    runOperator(['audit-verify', ...args], { ...t, audit: { ...t.audit, headFile: undefined } }, env);
  const PRODUCTION = { NODE_ENV: 'production' };
  const rows = () => t.storage.db.selectFrom('audit_log').selectAll().orderBy('seq').execute();
  const last = async () => (await rows()).at(-1)!;
  const headFile = () => fs.readFileSync(t.audit.headFile!, 'utf8');
  const headOf = (row: AuditLogTable) => `${row.seq}:${row.hash}`;
  const record = async (count: number) => {
    for (let index = 0; index < count; index += 1)
      await recordAudit(t.storage, clock, { actor: OPERATOR, action: 'logout', subject: `s${index}` });
  };

  /** What someone with write access to the database does after an edit: every hash from `from` on anew. */
  async function rechain(from: number, hashOf: (content: Omit<AuditLogTable, 'hash'>) => string) {
    let previous = (await rows()).find((row) => row.seq === from - 1)?.hash ?? '0'.repeat(64);
    for (const row of (await rows()).filter((entry) => entry.seq >= from)) {
      const { hash: _, ...content } = { ...row, prev_hash: previous };
      previous = hashOf(content);
      await t.storage.db
        .updateTable('audit_log')
        .set({ prev_hash: content.prev_hash, hash: previous })
        .where('seq', '=', row.seq)
        .execute();
    }
  }

  beforeEach(async () => {
    // The head is kept apart from the data folder, as docs/deploy.md says.
    headDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-head-'));
    t = await openTestApp(target, { panel: panelSettings, rateLimitMax: 1_000 }, clock, {
      auditHeadFile: path.join(headDir, 'audit.head'),
    });
  });
  afterEach(async () => {
    await t.close();
    fs.rmSync(headDir, { recursive: true, force: true });
  });

  it('writes the head after each entry once it is committed, never a rolled-back one', async () => {
    const person = await staff.personWith(['reviewer']);
    expect(headFile()).toBe(`${headOf(await last())}\n`);
    expect(fs.statSync(t.audit.headFile!).mode & 0o777).toBe(0o600);

    // Through the real server: the logout's entry is the head when the answer comes.
    expect((await staff.call(person, 'POST', 'logout')).statusCode).toBe(204);
    expect(await last()).toMatchObject({ action: 'logout', actor: person.id });
    expect(headFile()).toBe(`${headOf(await last())}\n`);

    const before = headFile();
    await expect(
      t.storage.db.transaction().execute(async (trx) => {
        await appendAudit(trx, t.storage, clock, { actor: OPERATOR, action: 'logout' });
        throw new Error('wycofane');
      }),
    ).rejects.toThrow('wycofane');
    expect(headFile()).toBe(before);
    expect(`${headOf(await last())}\n`).toBe(before);

    // Appends at once: the file only ever moves forward, to the last of them.
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        recordAudit(t.storage, clock, { actor: OPERATOR, action: 'logout', subject: `r${index}` }),
      ),
    );
    expect(headFile()).toBe(`${headOf(await last())}\n`);

    // An operator's command, its own process as it were, with the same AUDIT_HEAD_FILE.
    expect((await runOperator(['staff-invite', 'ewa@example.pl', 'auditor'], t)).exitCode).toBe(0);
    expect(await last()).toMatchObject({ action: 'invitation' });
    expect(headFile()).toBe(`${headOf(await last())}\n`);
    const verified = await verify();
    expect(verified.exitCode, verified.stderr).toBe(0);
    expect(verified.stderr).toContain(`Dziennik sięga wpisu nr ${(await last()).seq} (AUDIT_HEAD_FILE `);
  });

  it('refuses an edited entry, and the trail rechained after it with plain SHA-256 or another key', async () => {
    await record(6);
    expect((await verify()).lines).toEqual([{ entries: 6, verified: true }]);
    const original = await rows();
    const otherKey = randomBytes(32);
    const rechainers = [
      (content: Omit<AuditLogTable, 'hash'>) => entryHash(content),
      (content: Omit<AuditLogTable, 'hash'>) => entryHmac(otherKey, content),
    ];
    for (const hashOf of rechainers) {
      await t.storage.db.updateTable('audit_log').set({ subject: 'inny' }).where('seq', '=', 3).execute();
      let check = await verify();
      expect(check.exitCode).toBe(1);
      expect(check.stderr).toMatch(/wpis nr 3 nie zgadza się ze swoim skrótem: został zmieniony/);

      await rechain(3, hashOf);
      check = await verify();
      expect(check.exitCode).toBe(1);
      expect(check.lines).toEqual([]);
      expect(check.stderr).toMatch(/wpis nr 3 nie zgadza się ze swoim skrótem/);
      expect(check.stderr).toMatch(/Sprawdzono poprawnie 2 wpisów przed nim\.$/m);

      // The whole trail rechained: not one entry matches the key.
      await rechain(1, hashOf);
      check = await verify();
      expect(check.exitCode).toBe(1);
      expect(check.stderr).toMatch(/wpis nr 1 nie zgadza się ze swoim skrótem.*AUDIT_KEY/);

      for (const row of original)
        await t.storage.db.updateTable('audit_log').set(row).where('seq', '=', row.seq).execute();
      expect((await verify()).exitCode).toBe(0);
    }
  });

  it('refuses a cut-off end by the head file and by --expect, and the head stays put past the cut', async () => {
    await record(5);
    const end = await last();
    expect(headFile()).toBe(`${headOf(end)}\n`);
    expect((await verify()).exitCode).toBe(0);
    expect((await verifyWithoutHeadFile(['--expect', headOf(end)])).exitCode).toBe(0);

    await t.storage.db.deleteFrom('audit_log').where('seq', '>', 3).execute();
    let check = await verify();
    expect(check.exitCode).toBe(1);
    expect(check.lines).toEqual([]);
    expect(check.stderr).toContain(
      `nie sięga już wpisu nr 5 ze skrótem ${end.hash} (AUDIT_HEAD_FILE ${t.audit.headFile}): jego koniec odcięto`,
    );
    expect(check.stderr).toContain('Sprawdzono poprawnie 3 wpisów.');
    check = await verifyWithoutHeadFile(['--expect', headOf(end)]);
    expect(check.exitCode).toBe(1);
    expect(check.stderr).toContain(`nie sięga już wpisu nr 5 ze skrótem ${end.hash} (--expect)`);

    // New entries after the cut, with the right key, fill the numbers again: the head file keeps the old
    // fifth entry, which the trail no longer has.
    await record(3);
    expect(headFile()).toBe(`${headOf(end)}\n`);
    check = await verify();
    expect(check.exitCode).toBe(1);
    expect(check.stderr).toContain(`nie sięga już wpisu nr 5 ze skrótem ${end.hash}`);
  });

  it('refuses an emptied table when a head says the trail had entries', async () => {
    await record(3);
    const end = await last();
    await t.storage.db.deleteFrom('audit_log').execute();
    let check = await verify();
    expect(check.exitCode).toBe(1);
    expect(check.lines).toEqual([]);
    expect(check.stderr).toContain(`nie sięga już wpisu nr 3 ze skrótem ${end.hash} (AUDIT_HEAD_FILE`);
    expect(check.stderr).toContain('Sprawdzono poprawnie 0 wpisów.');
    check = await verifyWithoutHeadFile(['--expect', headOf(end)]);
    expect(check.exitCode).toBe(1);
    expect(check.stderr).toContain('(--expect)');
    // With nothing noted outside the database, an empty trail is all there is to see: outside production it
    // verifies, saying it cannot prove the end; in production it is refused.
    const young = await verifyWithoutHeadFile([]);
    expect(young).toMatchObject({ exitCode: 0, lines: [{ entries: 0, verified: true }] });
    expect(young.stderr).toContain('Uwaga: nie można dowieść, że dziennik zdarzeń sięga swojego końca');
    const refused = await verifyWithoutHeadFile([], PRODUCTION);
    expect(refused).toMatchObject({ exitCode: 1, lines: [] });
    expect(refused.stderr).toContain('nie można dowieść, że dziennik zdarzeń sięga swojego końca');
    // AUDIT_HEAD_FILE set but not written (a start writes it only once there is an entry): the same, naming it.
    const missing = path.join(headDir, 'nie-ma.head');
    const unwritten = await verify([], { ...PRODUCTION, AUDIT_HEAD_FILE: missing });
    expect(unwritten).toMatchObject({ exitCode: 1, lines: [] });
    expect(unwritten.stderr).toContain(`plik AUDIT_HEAD_FILE ${missing} nie istnieje, a nie podano --expect`);
  });

  it('in production, refuses to call a trail whole without a head kept outside the database', async () => {
    await record(3);
    const end = await last();
    // No AUDIT_HEAD_FILE, no --expect: exit 1, in Polish, and no `verified` line for a script to trust.
    const refused = await verifyWithoutHeadFile([], PRODUCTION);
    expect(refused.exitCode).toBe(1);
    expect(refused.lines).toEqual([]);
    expect(refused.stderr).toBe(
      'Błąd: nie można dowieść, że dziennik zdarzeń sięga swojego końca: nie podano zapisanego końca dziennika ' +
        '(AUDIT_HEAD_FILE nie jest ustawione, nie podano --expect). Dziennik z odciętym końcem albo opróżniony ' +
        `sprawdza się wtedy tak samo jak krótki. Sprawdzono poprawnie ${end.seq} wpisów, ostatni: nr ${end.seq}, ` +
        `skrót ${end.hash}. Trzymaj koniec dziennika poza bazą danych (AUDIT_HEAD_FILE, docs/deploy.md) albo ` +
        'podaj --expect <nr>:<skrót>.\n',
    );
    // With the head file, or a head given with --expect, production verifies as before.
    expect(await verify([], PRODUCTION)).toMatchObject({
      exitCode: 0,
      lines: [{ entries: end.seq, verified: true }],
    });
    const expected = await verifyWithoutHeadFile(['--expect', headOf(end)], PRODUCTION);
    expect(expected).toMatchObject({ exitCode: 0, lines: [{ entries: end.seq, verified: true }] });
    expect(expected.stderr).not.toContain('nie można dowieść');
    // Outside production the same check passes, with the same words as a warning on stderr.
    const warned = await verifyWithoutHeadFile([]);
    expect(warned).toMatchObject({ exitCode: 0, lines: [{ entries: end.seq, verified: true }] });
    expect(warned.stderr).toContain(
      'Uwaga: nie można dowieść, że dziennik zdarzeń sięga swojego końca: nie podano zapisanego końca',
    );
    // A broken chain is named first, in production too.
    await t.storage.db.deleteFrom('audit_log').where('seq', '=', 2).execute();
    const broken = await verifyWithoutHeadFile([], PRODUCTION);
    expect(broken.exitCode).toBe(1);
    expect(broken.stderr).toContain('brakuje wpisu nr 2');
  });

  it('refuses to prove the trail with another key, naming AUDIT_KEY', async () => {
    await record(2);
    const check = await verify([], { AUDIT_KEY: randomBytes(32).toString('hex') });
    expect(check.exitCode).toBe(1);
    expect(check.stderr).toMatch(/wpis nr 1 nie zgadza się ze swoim skrótem/);
    expect(check.stderr).toMatch(/AUDIT_KEY \(albo plik audit\.key\) to ten klucz/);
  });

  it('says in Polish what is wrong with --expect, the head file or where it is to be written', async () => {
    await record(1);
    let check = await verify(['--expect', '5:abc']);
    expect(check.exitCode).toBe(1);
    expect(check.stderr).toMatch(/^Błąd: --expect musi mieć postać <numer wpisu>:<skrót>/);
    expect(check.stderr).toContain('Użycie: npm run operator');

    fs.writeFileSync(t.audit.headFile!, 'nie to\n');
    check = await verify();
    expect(check.exitCode).toBe(1);
    expect(check.stderr).toMatch(
      /^Błąd dziennika zdarzeń: AUDIT_HEAD_FILE \(.*\) musi mieć postać <numer wpisu>:<skrót>/,
    );

    const nowhere = path.join(headDir, 'brak', 'audit.head');
    check = await verify([], { AUDIT_HEAD_FILE: nowhere });
    expect(check.exitCode).toBe(1);
    expect(check.stderr).toBe(
      `Błąd dziennika zdarzeń: nie można zapisać AUDIT_HEAD_FILE ${nowhere} (ENOENT)\n`,
    );
  });
});
