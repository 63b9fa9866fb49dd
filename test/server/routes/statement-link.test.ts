import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, postStatement, type TestApp } from '../helpers/app';
import { validStatement } from '../helpers/statement-fixtures';
import { storageTargets } from '../helpers/storage-targets';
import { importLinkHashes, winnersFixture } from '../helpers/winners-fixture';

describe.each(storageTargets)('a statement link checked as the page opens on $name', (target) => {
  let t: TestApp;
  let hashes: Map<string, string>;

  beforeAll(async () => {
    t = await openTestApp(target, { rateLimitMax: 5 });
    hashes = await importLinkHashes(t, winnersFixture);
  });
  afterAll(async () => {
    await t.close();
  });

  const check = (query: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'GET', url: `/api/statement-link${query}`, remoteAddress: ip });

  it('an open link gives its tier and code, uncached', async () => {
    const response = await check(`?hash=${hashes.get('B0000000005')}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'open', tier: 'II', code: 'B0000000005' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('a link whose statement was received says so, without the code', async () => {
    const hash = hashes.get('Z0000000004')!;
    expect((await postStatement(t, validStatement('IV', 'Z0000000004', hash))).statusCode).toBe(201);
    const response = await check(`?hash=${hash}`, '10.0.0.2');
    expect(response.json()).toEqual({ status: 'received', tier: 'IV' });
  });

  it('an unknown or missing hash gets a Polish 404 or 400, and the hash never reaches the log', async () => {
    const unknown = await check('?hash=zmyslony-hash-1234567890', '10.0.0.3');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(
      'Nie znaleziono oświadczenia dla tego linku. Sprawdź, czy link jest kompletny.',
    );
    expect((await check('?hash=' + 'x'.repeat(5000), '10.0.0.3')).statusCode).toBe(404);
    const missing = await check('', '10.0.0.3');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Brak identyfikatora oświadczenia w linku.');
    expect(t.logs.join('')).not.toContain('zmyslony-hash');
    expect(t.logs.join('')).not.toContain(hashes.get('B0000000005')!);
  });

  it('is rate-limited per client like the other calls', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await check('?hash=abc', '10.0.0.9')).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
    const limited = await check('?hash=abc', '10.0.0.9');
    expect(limited.headers['cache-control']).toBe('no-store');
  });
});
