import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, postStatement, type TestApp } from '../helpers/app';
import { PNG } from 'pngjs';
import { validStatement } from '../helpers/statement-fixtures';
import { storageTargets } from '../helpers/storage-targets';
import { WINNER_CONTACT, importInto, winnersFixture } from '../helpers/winners-fixture';

/** A tier III statement with a photo of noise: hundreds of kilobytes, so it needs new database pages. */
function bigStatement(code: string) {
  const png = new PNG({ width: 300, height: 300 });
  for (let at = 0; at < png.data.length; at += 1) png.data[at] = Math.floor(Math.random() * 256);
  const image = `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
  return { ...validStatement('III', code), image };
}

// docs/decisions/storage.md#health-under-faults: a full disk. SQLite's max_page_count caps the database file
// where it stands: every write that needs a new page then fails with SQLITE_FULL, as on a full disk.
describe('a full disk (SQLite capped at its size)', () => {
  let t: TestApp;
  const post = (payload: Record<string, unknown>) => postStatement(t, payload);
  const health = () => t.app.inject({ method: 'GET', url: '/api/health' });
  const stored = async () =>
    (await t.storage.db.selectFrom('statements').select('code').orderBy('code').execute()).map(
      (row) => row.code,
    );

  /** Caps the database where it stands and fills its last free space: no write fits any more. */
  const fillDisk = async () => {
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(t.storage.db);
    await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(t.storage.db);
    let filler = 0;
    for (const size of [2000, 200, 20, 1]) {
      try {
        for (; ; filler += 1) {
          await t.storage.db
            .insertInto('app_meta')
            .values({ key: `filler-${filler}`, value: 'x'.repeat(size) })
            .execute();
        }
      } catch {
        // full for this size: smaller ones next
      }
    }
  };

  beforeAll(async () => {
    t = await openTestApp(storageTargets[0]!, { rateLimitMax: 1_000 });
    await importInto(t, winnersFixture);
    await importInto(t, {
      instant: [
        { date: '2025-07-09', code: 'T0000000021', award: 'TELEFON', userPublish: 'T.', ...WINNER_CONTACT },
      ],
      draws: [],
    });
    expect((await post(validStatement('VI', 'A1B2C3D4E5F'))).statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a statement with a Polish 503, reports unhealthy, and loses nothing acknowledged', async () => {
    await fillDisk();

    const refused = await post(bigStatement('T0000000003'));
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      message: 'body: Nie udało się zapisać oświadczenia. Spróbuj ponownie za kilka minut.;',
    });
    expect(refused.body).not.toMatch(/SQLITE|full|Error/i);
    const unhealthy = await health();
    expect(unhealthy.statusCode).toBe(503);
    expect(unhealthy.json().status).toBe('unavailable');
    expect(await stored()).toEqual(['A1B2C3D4E5F']);
    expect(t.logs.join('')).toContain('SQLITE_FULL');

    // room again: the health check's own write succeeds, and so does the statement sent again
    await sql.raw('pragma max_page_count = 1073741823').execute(t.storage.db);
    expect((await health()).statusCode).toBe(200);
    expect((await post(bigStatement('T0000000003'))).statusCode).toBe(201);
    expect(await stored()).toEqual(['A1B2C3D4E5F', 'T0000000003']);
  });

  it('is healthy again once a statement is stored, too', async () => {
    await fillDisk();
    expect((await post(bigStatement('T0000000021'))).statusCode).toBe(503);
    expect(t.storage.writes.failing).toBe(true);
    await sql.raw('pragma max_page_count = 1073741823').execute(t.storage.db);
    expect((await post(bigStatement('T0000000021'))).statusCode).toBe(201);
    expect((await health()).statusCode).toBe(200);
  });
});
