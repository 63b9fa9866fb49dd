import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { startDailyRetention } from '#server/retention/daily.ts';
import { warsawLocalToInstant } from '#shared/warsaw-time.ts';
import { fakeClock } from '../helpers/app';
import { storageTargets, type StorageTarget } from '../helpers/storage-targets';

// docs/decisions/retention.md#daily: RETENTION=on runs retention on its own, once per campaign-clock day.
describe.each(storageTargets)('the daily retention run on $name', (target: StorageTarget) => {
  let opened: Awaited<ReturnType<StorageTarget['open']>>;
  beforeAll(async () => {
    opened = await target.open();
  });
  afterAll(async () => {
    await opened.drop();
  });

  it('runs each campaign day once, however often it checks, as the server', async () => {
    let campaignNow = warsawLocalToInstant('2031-01-01T00:10:00');
    const clock = fakeClock({ campaign: () => campaignNow });
    const logged: object[] = [];
    const log = { info: (data: object) => logged.push(data), error: (data: object) => logged.push(data) };
    const key = { key: randomBytes(32), previous: [], source: 'test' };
    const daily = startDailyRetention({
      storage: opened.storage,
      clock,
      key,
      log,
      checkMs: 10,
    });
    const runs = () => opened.storage.db.selectFrom('retention_runs').select('day').orderBy('day').execute();
    await expect.poll(runs).toEqual([{ day: '2031-01-01' }]);
    // When the records were purged is a fact of the lottery: the campaign clock's instant, not the real one.
    expect(await opened.storage.db.selectFrom('retention_runs').select('ran_at').execute()).toEqual([
      { ran_at: new Date(warsawLocalToInstant('2031-01-01T00:10:00')).toISOString() },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    campaignNow = warsawLocalToInstant('2031-01-02T00:10:00');
    await expect.poll(runs).toEqual([{ day: '2031-01-01' }, { day: '2031-01-02' }]);
    await daily.stop();
    expect(logged).toEqual([
      { run: expect.any(String), day: '2031-01-01', purged: 0, held: 0, keysDestroyed: [] },
      { run: expect.any(String), day: '2031-01-02', purged: 0, held: 0, keysDestroyed: [] },
    ]);
    const actors = await opened.storage.db
      .selectFrom('audit_log')
      .select('actor')
      .where('action', '=', 'retention-run')
      .execute();
    expect(actors).toEqual([{ actor: 'server' }, { actor: 'server' }]);
    await opened.storage.close();
  });
});

describe('RETENTION', () => {
  it('is off unless RETENTION=on', () => {
    expect(loadConfig({}).retention).toBe(false);
    expect(loadConfig({ RETENTION: 'on' }).retention).toBe(true);
    expect(() => loadConfig({ RETENTION: 'yes' })).toThrow(
      'RETENTION musi mieć wartość 1 (włączone) albo 0 (wyłączone), a ma: "yes"',
    );
  });
});
