import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock, openTestApp, postStatement, type TestApp } from '../helpers/app';
import { runOperator } from '../helpers/operator';
import { validStatement } from '../helpers/statement-fixtures';
import { storageTargets } from '../helpers/storage-targets';
import { WINNER_CONTACT, importInto, winnersFixture } from '../helpers/winners-fixture';

const DAY_MS = 86_400_000;

// The bug this pins: claims were stamped with real time, so under CAMPAIGN_NOW they were never overdue.
describe.each(storageTargets)('status follows the campaign clock on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await openTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts as overdue the claims imported at CAMPAIGN_NOW once their deadline has passed', async () => {
    const file = path.join(t.dataDir, 'winners.json');
    fs.writeFileSync(file, JSON.stringify(winnersFixture));
    const imported = await runOperator(['import-winners', file], t, {
      CAMPAIGN_NOW: '2025-07-20T12:00:00+02:00',
    });
    expect(imported.exitCode).toBe(0);

    const status = async (now: string) =>
      (await runOperator(['status'], t, { CAMPAIGN_NOW: now })).lines.map(({ tier, waiting, overdue }) => ({
        tier,
        waiting,
        overdue,
      }));
    const within = await status('2025-07-26T20:00:00+02:00');
    expect(within.every((line) => line.overdue === 0)).toBe(true);
    const after = await status('2025-08-30T12:00:00+02:00');
    expect(after.filter((line) => Number(line.waiting) > 0).length).toBeGreaterThan(0);
    expect(after.every((line) => line.overdue === line.waiting)).toBe(true);
  });
});

// docs/decisions/operations.md#operator-output: `status`, one line per tier, so the operator knows whom to
// chase.
describe.each(storageTargets)('npm run operator -- status on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await openTestApp(target, { rateLimitMax: 1_000 });
    // the fixture's links went out 7 calendar days ago; one more tier III code got its link today
    await importInto(t, winnersFixture, { clock: fakeClock({ campaign: () => Date.now() - 7 * DAY_MS }) });
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

  it('counts prizes, statements received, waiting, overdue and those the operator rejected per tier', async () => {
    const send = (code: string) =>
      postStatement(t, validStatement(code.startsWith('T') ? 'III' : 'VI', code));
    expect((await send('T0000000003')).statusCode).toBe(201);
    expect((await send('A1B2C3D4E5F')).statusCode).toBe(201);
    expect((await runOperator(['reopen-claim', 'A1B2C3D4E5F', 'VI'], t)).exitCode).toBe(0);

    const run = await runOperator(['status'], t);
    // docs/decisions/mail.md#addresses: the winners whom no mail reaches (the fixture gives most no e-mail).
    expect(run.stderr.split('\n')[1]).toBe(
      'Czekają na oświadczenie bez adresu e-mail w pliku zwycięzców (poczta do nich nie dotrze): ' +
        'kategoria I: 1, kategoria II: 1, kategoria IV: 1, kategoria VI: 1, kategoria WINTO: 1.',
    );
    const line = (tier: string) => run.lines.find((entry) => entry.tier === tier);
    const none = { accepted: 0, rejected: 0, reopened: 0, passedOn: 0 };
    expect(run.lines.map((entry) => entry.tier)).toEqual(['I', 'II', 'III', 'IV', 'V', 'VI', 'WINTO']);
    expect(line('III')).toEqual({ tier: 'III', claims: 2, received: 1, waiting: 1, overdue: 0, ...none });
    expect(line('VI')).toEqual({
      tier: 'VI',
      claims: 2,
      received: 0,
      waiting: 2,
      overdue: 2,
      ...none,
      reopened: 1,
    });
    expect(line('I')).toEqual({ tier: 'I', claims: 1, received: 0, waiting: 1, overdue: 1, ...none });
    expect(line('V')).toEqual({ tier: 'V', claims: 0, received: 0, waiting: 0, overdue: 0, ...none });
  });
});
