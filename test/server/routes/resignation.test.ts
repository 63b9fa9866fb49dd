import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../helpers/app';
import { runOperator } from '../helpers/operator';
import { storageTargets } from '../helpers/storage-targets';

describe.each(storageTargets)('e-mail opt-out on $name', (target) => {
  let t: TestApp;
  let hash: string;

  beforeAll(async () => {
    t = await openTestApp(target, { rateLimitMax: 5 });
  });
  afterAll(async () => {
    await t.close();
  });

  const resign = (query: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'GET', url: `/api/resignation${query}`, remoteAddress: ip });

  it('issue-optout prints the link the operator sends', async () => {
    const run = await runOperator(['issue-optout', 'jan.kowalski@example.com'], t);
    expect(run.exitCode).toBe(0);
    expect(run.lines).toHaveLength(1);
    expect(run.lines[0]!.email).toBe('jan.kowalski@example.com');
    const link = String(run.lines[0]!.link);
    expect(link).toMatch(/^\/\?action=rezygnacja&hash=[A-Za-z0-9_-]{22,}$/);
    hash = new URLSearchParams(link.slice(2)).get('hash')!;
  });

  it('refuses a malformed address', async () => {
    const run = await runOperator(['issue-optout', 'to-nie-adres'], t);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain('nieprawidłowy adres e-mail');
  });

  it('answers 400 without a hash and 404 for an unknown one, in Polish', async () => {
    const missing = await resign('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/rezygnacji/);
    const unknown = await resign('?hash=nieznany-hash-1234567890');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/rezygnacji/);
  });

  it('records a known hash; repeating it is fine', async () => {
    for (const _ of [1, 2]) {
      const response = await resign(`?hash=${encodeURIComponent(hash)}`, '10.0.0.2');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
  });

  it('export-optouts lists the address once, and the hash never reached the log', async () => {
    const out = path.join(t.dataDir, 'optouts.csv');
    const run = await runOperator(['export-optouts', '--out', out], t);
    expect(run.lines).toEqual([{ out, optouts: 1 }]);
    const rows = fs
      .readFileSync(out, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('email,resignedAt,linkIssuedAt');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/^jan\.kowalski@example\.com,\d{4}-/);
    expect(t.logs.join('')).not.toContain(hash);
  });

  it('limits requests per client address with 429 and a Polish message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await resign('?hash=x', '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    const limited = await resign('?hash=x', '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Zbyt wiele prób. Spróbuj ponownie za chwilę.' });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await resign('?hash=x', '10.9.9.10')).statusCode).toBe(404);
  });
});
