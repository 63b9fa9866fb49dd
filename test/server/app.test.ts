import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prizes } from '#shared/campaign.ts';
import { fakeClientBuild, openTestApp, type TestApp } from './helpers/app';
import { validStatement } from './helpers/statement-fixtures';
import { storageTargets } from './helpers/storage-targets';
import { importInto, winnersFixture } from './helpers/winners-fixture';

describe.each(storageTargets)('app shell on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await openTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers health once the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('sends pages a strict Content-Security-Policy (no eval, no inline script), JSON a nosniff', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/oswiadczenie-i-stopnia' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['content-security-policy']).toBeUndefined();
  });

  it('answers an unknown API path with a Polish 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nie-ma' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Nie znaleziono.' });
  });

  it('logs JSON lines with request ids but never the query string', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health?hash=sekretny-hash-123' });
    const lines = t.logs.map((line) => JSON.parse(line) as { reqId?: string });
    expect(lines.some((line) => typeof line.reqId === 'string')).toBe(true);
    expect(t.logs.join('')).not.toContain('sekretny-hash-123');
  });
});

describe('caching and transport headers', () => {
  const sqlite = storageTargets[0]!;
  let clientDir: string;
  let t: TestApp;

  beforeAll(async () => {
    clientDir = fakeClientBuild();
    t = await openTestApp(sqlite, { clientDir, rateLimitMax: 1_000 });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it("sends pages HSTS for a year with subdomains, and a CSP with base-uri 'none'", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(page.headers['content-security-policy'])).toContain("base-uri 'none'");
  });

  it('leaves HSTS to the proxy where TLS ends when told so', async () => {
    const withoutHsts = await openTestApp(sqlite, { clientDir, hsts: false });
    try {
      const page = await withoutHsts.app.inject({ method: 'GET', url: '/' });
      expect(page.headers['strict-transport-security']).toBeUndefined();
      expect(page.headers['content-security-policy']).toBeDefined();
    } finally {
      await withoutHsts.close();
    }
  });

  it('lets no cache keep a statement page, however its path is spelt; other pages are revalidated', async () => {
    for (const tier of prizes.tiers) {
      const page = await t.app.inject({ method: 'GET', url: `${tier.path}?hash=abc` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control'], tier.path).toBe('no-store');
    }
    const spelt = await t.app.inject({ method: 'GET', url: `${prizes.tiers[0]!.path.toUpperCase()}/` });
    expect(spelt.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/' })).headers['cache-control']).toBe('no-cache');
  });

  it('lets no cache keep any answer of a statement call, errors included', async () => {
    const post = (url: string, payload: string, type = 'application/json') =>
      t.app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload });
    await importInto(t, winnersFixture);
    const statement = JSON.stringify(validStatement('III', 'T0000000003'));
    const answers = {
      201: await post('/api/complete-testimonial', statement),
      409: await post('/api/complete-testimonial', statement),
      400: await post('/api/draw-complete-testimonial', '{'),
      404: await post('/api/complete-testimonial', JSON.stringify(validStatement('III', 'T0000000999'))),
      413: await post('/api/complete-testimonial', JSON.stringify({ image: 'A'.repeat(4 * 1024 * 1024) })),
      415: await post('/api/draw-complete-testimonial', statement, 'text/plain'),
    };
    for (const [status, answer] of Object.entries(answers)) {
      expect(answer.statusCode).toBe(Number(status));
      expect(answer.headers['cache-control'], `answer ${status}`).toBe('no-store');
    }
    const wrongMethod = await t.app.inject({ method: 'GET', url: '/api/complete-testimonial' });
    expect(wrongMethod.statusCode).toBe(404);
    expect(wrongMethod.headers['cache-control']).toBe('no-store');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/health' })).headers['cache-control'],
    ).toBeUndefined();
  });

  it('lets no cache keep the rate limit or a failure of a statement call, nor an opt-out answer', async () => {
    const limited = await openTestApp(sqlite, { rateLimitMax: 1 });
    try {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/complete-testimonial',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(validStatement('III', 'T0000000003')),
        });
      for (const url of ['/api/resignation', '/api/resignation?hash=nieznany']) {
        const optout = await limited.app.inject({ method: 'GET', url });
        expect(optout.headers['cache-control'], url).toBe('no-store');
      }
      // The database gone, the claim check fails: a 500.
      await limited.storage.close();
      const failed = await send();
      expect(failed.statusCode).toBe(500);
      expect(failed.headers['cache-control']).toBe('no-store');
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['cache-control']).toBe('no-store');
    } finally {
      await limited.close().catch(() => undefined);
    }
  });
});
