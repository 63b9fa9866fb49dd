import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { runOperator } from '../helpers/operator';
import { storageTargets } from '../helpers/storage-targets';
import { importInto, winnersFixture } from '../helpers/winners-fixture';

const POLL_MS = 100;

async function eventually<T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(storageTargets)('winners lists and import-winners on $name', (target) => {
  let t: TestApp;
  let file: string;

  beforeAll(async () => {
    t = await openTestApp(target, { winnersPollMs: POLL_MS });
    file = path.join(t.dataDir, 'winners.json');
    fs.writeFileSync(file, JSON.stringify(winnersFixture));
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('serves empty lists before any import', async () => {
    expect((await get('/api/publish-winners')).json()).toEqual({ data: [] });
    expect((await get('/api/WinnersList')).json()).toEqual([]);
  });

  it('rejects a bad file naming the record, and imports nothing', async () => {
    const bad = structuredClone(winnersFixture) as unknown as { draws: Record<string, unknown>[] };
    bad.draws[1]!.priceRank = 'drugi';
    const badFile = path.join(t.dataDir, 'bad.json');
    fs.writeFileSync(badFile, JSON.stringify(bad));
    const run = await runOperator(['import-winners', badFile], t);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain('draws[1].priceRank');
    expect(run.lines).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 3));
    expect((await get('/api/publish-winners')).json()).toEqual({ data: [] });
  });

  it('imports in another process, prints one claim link per record, and the lists show it without a restart', async () => {
    const run = await runOperator(['import-winners', file], t);
    expect(run.exitCode).toBe(0);
    expect(run.lines).toHaveLength(7);
    const byCode = new Map(run.lines.map((line) => [line.code, line]));
    // Tiers III and VI are claimed by code: plain path. The others carry a fresh ≥128-bit hash.
    expect(byCode.get('A1B2C3D4E5F')).toEqual({
      code: 'A1B2C3D4E5F',
      award: 'KASA_200',
      tier: 'VI',
      link: '/oswiadczenie-vi-stopnia',
    });
    expect(byCode.get('T0000000003')!.link).toBe('/oswiadczenie-iii-stopnia');
    expect(byCode.get('C0000000001')!.link).toMatch(/^\/oswiadczenie-i-stopnia\?hash=[A-Za-z0-9_-]{22,}$/);
    expect(byCode.get('W0000000002')!.link).toMatch(/^\/oswiadczenie-win-to\?hash=[A-Za-z0-9_-]{22,}$/);
    expect(byCode.get('Z0000000004')).toMatchObject({ tier: 'IV', award: 'ZEGAREK' });

    const instant = await eventually(
      async () => (await get('/api/publish-winners')).json() as { data: unknown[] },
      (body) => body.data.length > 0,
    );
    expect(instant.data).toContainEqual({
      date: '2025-07-01',
      code: 'A1B2C3D4E5F',
      award: 'KASA_200',
      userPublish: 'Anna K., Kraków',
    });
    expect(instant.data).toHaveLength(5);
    expect((await get('/api/WinnersList')).json()).toEqual([
      {
        drawName: 'Draw1',
        price: 'AYGO',
        priceRank: 1,
        code: 'C0000000001',
        name: 'Jan K.',
        testimonialId: 'T1',
      },
      {
        drawName: 'Draw1',
        price: 'WINTO',
        priceRank: 2,
        code: 'W0000000002',
        name: 'Maria W.',
        testimonialId: 'T2',
      },
    ]);
  });

  it('stores only digests of the link hashes', async () => {
    const dump = JSON.stringify(await t.storage.db.selectFrom('claims').selectAll().execute());
    expect(dump).toMatch(/[0-9a-f]{64}/);
    expect(dump).not.toContain('hash=');
  });

  it('is idempotent: a second import creates no claims and changes no list', async () => {
    const before = (await get('/api/publish-winners')).headers.etag;
    const run = await runOperator(['import-winners', file], t);
    expect(run.exitCode).toBe(0);
    expect(run.lines).toEqual([]);
    expect(await t.storage.db.selectFrom('claims').select('id').execute()).toHaveLength(7);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 3));
    expect((await get('/api/publish-winners')).headers.etag).toBe(before);
  });

  it('answers If-None-Match with 304 and says how to cache', async () => {
    const first = await get('/api/WinnersList');
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    const again = await get('/api/WinnersList', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await get('/api/publish-winners', { 'if-none-match': String(first.headers.etag) });
    expect(other.statusCode).toBe(200);
  });

  it('sends brotli or gzip when asked, the same JSON underneath', async () => {
    const plain = await get('/api/publish-winners');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/api/publish-winners', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/api/publish-winners', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers.vary).toContain('accept-encoding');
  });

  it('answers the same over a real socket, where the fast path serves the lists before Fastify', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const viaInject = await get('/api/publish-winners', { 'accept-encoding': 'br' });
    const viaSocket = await fetch(`${url}/api/publish-winners`, { headers: { 'accept-encoding': 'br' } });
    expect(viaSocket.status).toBe(200);
    expect(await viaSocket.text()).toBe(zlib.brotliDecompressSync(viaInject.rawPayload).toString());
    for (const header of [
      'etag',
      'cache-control',
      'content-encoding',
      'content-type',
      'x-content-type-options',
    ]) {
      expect(viaSocket.headers.get(header)).toBe(String(viaInject.headers[header]));
    }
    const cached = await fetch(`${url}/api/publish-winners`, {
      headers: { 'if-none-match': String(viaInject.headers.etag) },
    });
    expect(cached.status).toBe(304);
    // Other methods and URL forms still go through Fastify.
    expect((await fetch(`${url}/api/publish-winners?x=1`)).status).toBe(200);
    expect((await fetch(`${url}/api/publish-winners`, { method: 'POST' })).status).toBe(404);
  });

  it('shows a changed record after re-import, with a new ETag', async () => {
    const before = await get('/api/publish-winners');
    const changed = structuredClone(winnersFixture);
    changed.instant[0]!.userPublish = 'Anna K., Wieliczka';
    fs.writeFileSync(file, JSON.stringify(changed));
    expect((await runOperator(['import-winners', file], t)).exitCode).toBe(0);
    const after = await eventually(
      () => get('/api/publish-winners'),
      (response) => response.headers.etag !== before.headers.etag,
    );
    expect(after.body).toContain('Wieliczka');
  });
});

describe.each(storageTargets)('reissue-link on $name', (target) => {
  it('replaces a lost link: the new hash works, the old one does not', async () => {
    const t = await openTestApp(target);
    try {
      const file = path.join(t.dataDir, 'winners.json');
      fs.writeFileSync(file, JSON.stringify(winnersFixture));
      const imported = await runOperator(['import-winners', file], t);
      const oldLink = String(imported.lines.find((line) => line.code === 'C0000000001')!.link);
      const run = await runOperator(['reissue-link', 'C0000000001', 'I'], t);
      expect(run.exitCode).toBe(0);
      expect(run.lines).toHaveLength(1);
      const newLink = String(run.lines[0]!.link);
      expect(newLink).toMatch(/^\/oswiadczenie-i-stopnia\?hash=/);
      expect(newLink).not.toBe(oldLink);
      const digests = (await t.storage.db.selectFrom('claims').select('hash_digest').execute()).map(
        (row) => row.hash_digest,
      );
      const { digestOf } = await import('#server/crypto/secrets.ts');
      expect(digests).toContain(digestOf(newLink.split('hash=')[1]!));
      expect(digests).not.toContain(digestOf(oldLink.split('hash=')[1]!));
      const codeTier = await runOperator(['reissue-link', 'T0000000003', 'III'], t);
      expect(codeTier.exitCode).toBe(1);
    } finally {
      await t.close();
    }
  });
});

// docs/decisions/landing.md#published-by-campaign-day: the campaign clock governs what is published. An
// instant winner of a day after the clock's today (Warsaw) is not in the list — nor, therefore, found by the
// code checker — until that day begins.
describe.each(storageTargets)('instant winners published up to the campaign day on $name', (target) => {
  it('leaves out the days after the campaign clock’s today, and adds each as its day begins', async () => {
    let nowMs = Date.parse('2025-07-20T23:59:00+02:00');
    const t = await openTestApp(target, { winnersPollMs: POLL_MS }, fakeClock({ campaign: () => nowMs }));
    try {
      const day = (date: string, code: string) => ({
        date,
        code,
        award: 'APARAT' as const,
        userPublish: 'Jan K.',
      });
      await importInto(t, {
        instant: [
          day('2025-07-19', 'P0000000019'),
          day('2025-07-20', 'P0000000020'),
          day('2025-07-21', 'P0000000021'),
        ],
        draws: [],
      });
      const published = async () =>
        (
          (await t.app.inject({ method: 'GET', url: '/api/publish-winners' })).json() as {
            data: { code: string }[];
          }
        ).data.map((row) => row.code);
      expect(await eventually(published, (codes) => codes.length > 0)).toEqual([
        'P0000000019',
        'P0000000020',
      ]);
      // midnight in Warsaw (22:00 UTC in summer): the next poll publishes the new day
      nowMs = Date.parse('2025-07-21T00:00:01+02:00');
      expect(await eventually(published, (codes) => codes.length === 3)).toEqual([
        'P0000000019',
        'P0000000020',
        'P0000000021',
      ]);
    } finally {
      await t.close();
    }
  });
});
