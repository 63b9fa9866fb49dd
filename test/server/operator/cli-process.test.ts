import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '#server/operator/commands.ts';
import { buildServer } from '../../../scripts/build-recipe.ts';
import { openTestApp, postStatement, type TestApp } from '../helpers/app';
import { spawnOperator } from '../helpers/operator';
import { validStatement } from '../helpers/statement-fixtures';
import { storageTargets } from '../helpers/storage-targets';
import { winnersFixture } from '../helpers/winners-fixture';
import { validComplaint } from '../complaints/complaint-fixtures';

// The commands' behaviour is tested in process (runOperator); here each runs once as the operator starts
// it, in its own process: the exit code a shell sees, JSON lines on stdout, Polish sentences on stderr. The
// commands run from the operator's bundle as deployed beside the server, built once for the file (0.9 s of
// CPU a start against 2–3 s through tsx, some twenty starts); `npm run operator`'s own start from the sources
// through tsx is the mistakes' test.
describe('npm run operator -- <command>, each in its own process', () => {
  let t: TestApp;
  let bundleDir: string;
  const ran = new Set<string>();
  const run = async (args: string[]) => {
    ran.add(args[0]!);
    return spawnOperator(args, t, {}, [path.join(bundleDir, 'operator.js')]);
  };

  beforeAll(async () => {
    // Inside the project, so the bundle finds node_modules as dist-server/ does.
    fs.mkdirSync('.tmp', { recursive: true });
    bundleDir = fs.mkdtempSync(path.resolve('.tmp/operator-'));
    [t] = await Promise.all([
      openTestApp(storageTargets[0]!, { rateLimitMax: 1_000 }),
      buildServer(process.cwd(), bundleDir),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(bundleDir, { recursive: true, force: true });
  });

  it('import-winners prints a line per claim and says how many records it imported', async () => {
    const file = path.join(t.dataDir, 'winners.json');
    fs.writeFileSync(file, JSON.stringify(winnersFixture));
    const imported = await run(['import-winners', file]);
    expect(imported.exitCode).toBe(0);
    expect(imported.lines.length).toBeGreaterThan(0);
    expect(imported.stderr).toMatch(/^Zaimportowano \d+ rekordów/m);
  });

  it('reissue-link, reopen-claim and status answer in JSON lines', async () => {
    const hashTierLine = (await run(['reissue-link', 'C0000000001', 'I'])).lines[0];
    expect(hashTierLine).toMatchObject({ code: 'C0000000001', tier: 'I' });
    expect(String(hashTierLine?.link)).toMatch(/\?hash=/);

    const code = winnersFixture.instant.find((record) => record.award === 'TELEFON')!.code;
    expect((await postStatement(t, validStatement('III', code))).statusCode).toBe(201);
    const reopened = await run(['reopen-claim', code, 'III']);
    expect(reopened).toMatchObject({ exitCode: 0, lines: [{ code, tier: 'III', rejected: 1 }], stderr: '' });

    const status = await run(['status']);
    expect(status.exitCode).toBe(0);
    expect(status.lines.find((line) => line.tier === 'III')).toMatchObject({ reopened: 1 });
  });

  it('issue-optout, the exports and retention-run answer in JSON lines', async () => {
    const optout = await run(['issue-optout', 'jan@example.pl']);
    expect(optout.lines).toEqual([{ email: 'jan@example.pl', link: expect.stringMatching(/hash=/) }]);
    const statements = path.join(t.dataDir, 'out', 'statements.csv');
    expect((await run(['export-statements', '--out', statements])).lines).toEqual([
      { out: statements, statements: 1 },
    ]);
    const optouts = path.join(t.dataDir, 'out', 'optouts.csv');
    expect((await run(['export-optouts', '--out', optouts])).lines).toEqual([{ out: optouts, optouts: 0 }]);
    expect((await run(['retention-run', '--on', '2020-01-01'])).lines.at(-1)).toEqual({
      run: null,
      purged: 0,
      held: 0,
    });
  });

  it('mail-status, mail-retry and mailbox answer in JSON lines', async () => {
    const status = await run(['mail-status']);
    expect(status.exitCode).toBe(0);
    expect(status.lines.map((line) => line.kind)).toEqual([
      'link',
      'reminder',
      'received',
      'verdict',
      'invitation',
      'staff-recovery',
      'passkey-changed',
      'complaint-received',
      'complaint-answer',
      'shipped',
    ]);
    expect((await run(['mail-retry'])).lines).toEqual([{ requeued: 0 }]);
    const mailbox = await run(['mailbox']);
    expect(mailbox).toMatchObject({ exitCode: 0, lines: [], stderr: 'Skrzynka deweloperska jest pusta.\n' });
  });

  it('staff-invite, staff-reset and audit-verify answer in JSON lines', async () => {
    const invited = await run(['staff-invite', 'kierownik@example.pl', 'admin']);
    expect(invited).toMatchObject({
      exitCode: 0,
      lines: [
        {
          email: 'kierownik@example.pl',
          role: 'admin',
          link: expect.stringMatching(/^\/panel\/zaproszenie#/),
        },
      ],
    });
    const reset = await run(['staff-reset', 'kierownik@example.pl']);
    expect(reset).toMatchObject({
      exitCode: 0,
      lines: [{ email: 'kierownik@example.pl', link: expect.stringMatching(/^\/panel\/odzyskiwanie#/) }],
    });
    const verified = await run(['audit-verify']);
    expect(verified.exitCode).toBe(0);
    expect(verified.lines).toEqual([{ entries: expect.any(Number), verified: true }]);
  });

  it('ends with 1, a Polish message and the usage on a mistake', async () => {
    const unknown = await spawnOperator(['wyslij-wszystko'], t);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toMatch(
      /^Nieznane polecenie: wyslij-wszystko\nUżycie: npm run operator -- <polecenie>/,
    );
    const missing = await spawnOperator(['reissue-link'], t);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toMatch(/^Błąd: podaj kod i kategorię \(I, II, IV, V lub WINTO\)\nUżycie:/);
  });

  it('complaint-add, complaints-status and export-complaints answer in JSON lines', async () => {
    const letter = path.join(t.dataDir, 'letter.json');
    fs.writeFileSync(letter, JSON.stringify(validComplaint()));
    const added = await run([
      'complaint-add',
      '--received',
      '2026-02-16',
      '--postmarked',
      '2026-02-10',
      letter,
    ]);
    expect(added).toMatchObject({
      exitCode: 0,
      lines: [{ deadline: '2026-03-04', shortened: true, late: false }],
      stderr: '',
    });
    expect((await run(['complaints-status'])).lines[0]).toMatchObject({ state: 'open', count: 1 });
    const out = path.join(t.dataDir, 'out', 'complaints.csv');
    expect((await run(['export-complaints', '--out', out])).lines).toEqual([{ out, complaints: 1 }]);
  });

  it('the prize issue commands answer in JSON lines', async () => {
    const file = path.join(t.dataDir, 'przewoznik.csv');
    fs.writeFileSync(file, 'reference,carrier,tracking,shippedOn,deliveredOn\n');
    expect((await run(['import-shipments', file])).lines).toEqual([{ imported: 0, mailed: 0 }]);
    const status = await run(['issue-status']);
    expect(status.lines[0]).toEqual({ tier: 'I', accepted: 0, issued: 0, toIssue: 0, late: 0 });
    const register = path.join(t.dataDir, 'out', 'rejestr.csv');
    expect((await run(['export-register', '--out', register])).lines).toEqual([
      { out: register, entries: 0 },
    ]);
    expect((await run(['tax-report', '--year', '2025'])).lines).toEqual([{ year: 2025, prizes: 0, tax: 0 }]);
  });

  it('retention-plan, retention-hold, retention-release and purge-statements answer in JSON lines', async () => {
    const plan = await run(['retention-plan', '--on', '2031-01-01']);
    expect(plan.lines.map((line) => line.class)).toEqual([
      'statements',
      'claims',
      'complaints',
      'optouts',
      'outbox',
      'staff-sessions',
      'invitations',
    ]);
    const { reference } = await t.storage.db
      .selectFrom('rejected_statements')
      .select('reference')
      .executeTakeFirstOrThrow();
    expect((await run(['retention-hold', reference!, '--reason', 'kontrola podatkowa'])).lines).toEqual([
      { reference, held: true },
    ]);
    expect((await run(['retention-release', reference!])).lines).toEqual([{ reference, held: false }]);
    const old = await run(['purge-statements', '--before', '2031-01-01']);
    expect(old.exitCode).toBe(1);
    expect(old.stderr).toMatch(/retention-run --on <RRRR-MM-DD> --apply/);
  });

  it('has run every command', () => {
    expect([...ran].sort()).toEqual(COMMANDS.map((command) => command.name).sort());
  });
});
