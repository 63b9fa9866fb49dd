import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../helpers';
import { runOperator } from '../operator-cli';
import { storageTargets } from '../storage-targets';
import { winnersFixture } from '../winners-fixture';

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
