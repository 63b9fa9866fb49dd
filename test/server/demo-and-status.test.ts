import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDemoIfEmpty } from '../../src/server/demo/demo';
import { countWinners } from '../../src/server/db/winners';
import { openTestApp, postStatement, type TestApp } from './helpers';
import { runOperator } from './operator-cli';
import { validStatement } from './statement-fixtures';
import { storageTargets } from './storage-targets';
import { WINNER_CONTACT, importInto, winnersFixture } from './winners-fixture';

const DAY_MS = 86_400_000;

// Issue 10 §10: demo data never mixes with real winners.
describe('the demo winners', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await openTestApp(storageTargets[0]!);
  });
  afterAll(async () => {
    await t.close();
  });

  it('go, with their claims and statements, at the first real import, which says so', async () => {
    expect(await importDemoIfEmpty(t.storage, t.dataDir, t.statementsKey)).toBeDefined();
    const demoRecords = await countWinners(t.storage.db);
    expect(demoRecords).toBeGreaterThan(0);

    const file = path.join(t.dataDir, 'winners.json');
    fs.writeFileSync(file, JSON.stringify(winnersFixture));
    const first = await runOperator(['import-winners', file], t);
    expect(first.exitCode).toBe(0);
    expect(first.stderr).toMatch(new RegExp(`Usunięto dane przykładowe \\(demo\\): ${demoRecords} rekordów`));
    const codes = [
      ...(await t.storage.db.selectFrom('instant_winners').select('code').execute()),
      ...(await t.storage.db.selectFrom('draw_winners').select('code').execute()),
      ...(await t.storage.db.selectFrom('claims').select('code').execute()),
    ].map((row) => row.code);
    expect(codes.filter((code) => /^E?DEMO/.test(code))).toEqual([]);
    expect(await countWinners(t.storage.db)).toBe(
      winnersFixture.instant.length + winnersFixture.draws.length,
    );

    // the next import keeps what is there, and the demo never comes back
    const again = await runOperator(['import-winners', file], t);
    expect(again.stderr).not.toMatch(/demo/);
    expect(await importDemoIfEmpty(t.storage, t.dataDir, t.statementsKey)).toBeUndefined();
  });
});

// Issue 10 §11: `status`, one line per tier, so the operator knows whom to chase.
describe.each(storageTargets)('npm run operator -- status on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await openTestApp(target, { rateLimitMax: 1_000 });
    // the fixture's links went out 7 calendar days ago; one more tier III code got its link today
    await importInto(t, winnersFixture, { nowIso: new Date(Date.now() - 7 * DAY_MS).toISOString() });
    await importInto(t, {
      instant: [
        { date: '2025-07-09', code: 'T0000000021', award: 'TELEFON', userPublish: 'T.', ...WINNER_CONTACT },
      ],
      draws: [],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts claims, statements received, waiting, overdue and rejected per tier', async () => {
    const send = (code: string) =>
      postStatement(t, validStatement(code.startsWith('T') ? 'III' : 'VI', code));
    expect((await send('T0000000003')).statusCode).toBe(201);
    expect((await send('A1B2C3D4E5F')).statusCode).toBe(201);
    expect((await runOperator(['reopen-claim', 'A1B2C3D4E5F', 'VI'], t)).exitCode).toBe(0);

    const run = await runOperator(['status'], t);
    expect(run.stderr).toBe('');
    const line = (tier: string) => run.lines.find((entry) => entry.tier === tier);
    expect(run.lines.map((entry) => entry.tier)).toEqual(['I', 'II', 'III', 'IV', 'V', 'VI', 'WINTO']);
    expect(line('III')).toEqual({ tier: 'III', claims: 2, received: 1, waiting: 1, overdue: 0, rejected: 0 });
    expect(line('VI')).toEqual({ tier: 'VI', claims: 2, received: 0, waiting: 2, overdue: 2, rejected: 1 });
    expect(line('I')).toEqual({ tier: 'I', claims: 1, received: 0, waiting: 1, overdue: 1, rejected: 0 });
    expect(line('V')).toEqual({ tier: 'V', claims: 0, received: 0, waiting: 0, overdue: 0, rejected: 0 });
  });
});
