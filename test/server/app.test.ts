import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from './helpers';
import { storageTargets } from './storage-targets';

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
