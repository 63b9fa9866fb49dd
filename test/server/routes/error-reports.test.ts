import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { openTestApp, type TestApp } from '../helpers/app';
import { storageTargets } from '../helpers/storage-targets';

const sqlite = storageTargets[0]!;

/** Closes what a test opened, even when it failed half way. */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
async function app(config: Parameters<typeof openTestApp>[1] = {}): Promise<TestApp> {
  const t = await openTestApp(sqlite, config);
  cleanups.push(() => t.close());
  return t;
}

const report = (t: TestApp, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/error-report',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

interface ReportLine {
  level: number;
  msg: string;
  report?: { kind: string; message?: string; path?: string };
}
const reportLines = (t: TestApp) =>
  t.logs.map((line) => JSON.parse(line) as ReportLine).filter((line) => line.report !== undefined);

// What a visitor's error message may quote: an e-mail, a PESEL, an IBAN written in groups, a phone number.
const PERSONAL = [
  'jan.kowalski@example.com',
  '90010112345',
  'PL61 1090 1014 0000 0712 1981 2874',
  '600 100 200',
];
const SECRET_HASH = 'sekretnyHashZLinku123';
const leakyReport = {
  kind: 'unhandled',
  message: `Nie wysłano ${PERSONAL.join(', ')} z /oswiadczenie-i-stopnia?hash=${SECRET_HASH}\n    at send (index-abc.js:1:2)`,
  path: `/oswiadczenie-i-stopnia?hash=${SECRET_HASH}#formularz`,
};

function expectNothingPersonal(text: string) {
  for (const leak of [...PERSONAL, SECRET_HASH, 'index-abc.js', '    at ']) expect(text).not.toContain(leak);
}

/** A local HTTP server posing as Sentry: records each request, answers with `status` or never. */
async function fakeSentry(status: number | 'never') {
  const received: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body });
      if (status !== 'never') response.writeHead(status).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const { port } = server.address() as AddressInfo;
  // The DSN as an operator sets it: through the environment.
  const errorReportDsn = loadConfig({
    ERROR_REPORT_DSN: `http://publicKey42@127.0.0.1:${port}/7`,
  }).errorReportDsn;
  return { received, errorReportDsn };
}

describe('POST /api/error-report (spec §7)', () => {
  it('takes a report with 204 and no-store, and logs its kind and path at warn level', async () => {
    const t = await app();
    const response = await report(t, {
      kind: 'winners-render',
      message: 'Failed to fetch draw data',
      path: '/',
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(reportLines(t)).toEqual([
      expect.objectContaining({
        level: 40,
        report: { kind: 'winners-render', message: 'Failed to fetch draw data', path: '/' },
      }),
    ]);
  });

  it('refuses what is no report with a Polish 400: unknown kind, unknown key, overlong message', async () => {
    const t = await app();
    for (const body of [
      { kind: 'visit', path: '/' },
      { kind: 'unhandled', userAgent: 'x' },
      { kind: 'unhandled', message: 'x'.repeat(301) },
      ['unhandled'],
    ]) {
      const response = await report(t, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Nieprawidłowy format danych.' });
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect(reportLines(t)).toEqual([]);
  });

  it('refuses a body over 4 KB with 413 and one that is not JSON with 415, in Polish', async () => {
    const t = await app();
    const large = await report(t, { kind: 'unhandled', path: '/', padding: 'x'.repeat(5_000) });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ message: 'Przesłane dane są za duże.' });
    const text = await report(t, 'unhandled', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toMatch(/JSON/);
  });

  it('is rate-limited per client address like the statements', async () => {
    const t = await app({ rateLimitMax: 2 });
    const statuses = [];
    for (let at = 0; at < 3; at += 1) statuses.push((await report(t, { kind: 'unhandled' })).statusCode);
    expect(statuses).toEqual([204, 204, 429]);
  });

  it('logs no personal data, query string or stack trace: e-mails and digit runs blanked, first line only', async () => {
    const t = await app();
    expect((await report(t, leakyReport)).statusCode).toBe(204);
    expectNothingPersonal(t.logs.join(''));
    const [line] = reportLines(t);
    expect(line!.report!.path).toBe('/oswiadczenie-i-stopnia');
    expect(line!.report!.message).toBe(
      'Nie wysłano <e-mail>, <cyfry>, PL<cyfry>, <cyfry> z /oswiadczenie-i-stopnia?…',
    );
  });
});

describe('forwarding to a Sentry-compatible service (ERROR_REPORT_DSN)', () => {
  it("forwards a browser's report to the DSN's envelope endpoint with its key, scrubbed", async () => {
    const sentry = await fakeSentry(200);
    const t = await app({ errorReportDsn: sentry.errorReportDsn });
    expect((await report(t, leakyReport)).statusCode).toBe(204);
    await expect.poll(() => sentry.received.length).toBe(1);
    const [forwarded] = sentry.received;
    expect(forwarded!.url).toBe('/api/7/envelope/');
    expect(forwarded!.headers['content-type']).toBe('application/x-sentry-envelope');
    expect(forwarded!.headers['x-sentry-auth']).toMatch(/^Sentry sentry_version=7, .*sentry_key=publicKey42/);
    const [header, item, event] = forwarded!.body.split('\n').map((line) => JSON.parse(line));
    expect(item).toEqual({ type: 'event' });
    expect(event.event_id).toBe(header.event_id);
    expect(event.tags).toEqual({ kind: 'unhandled', path: '/oswiadczenie-i-stopnia' });
    expect(event.logentry.formatted).toContain('<e-mail>');
    expectNothingPersonal(forwarded!.body);
  });

  it("forwards the server's own unexpected errors: kind, name and code only", async () => {
    const sentry = await fakeSentry(200);
    const t = await app({ errorReportDsn: sentry.errorReportDsn });
    await sql`drop table optouts`.execute(t.storage.db);
    const failed = await t.app.inject({ method: 'GET', url: `/api/resignation?hash=${SECRET_HASH}` });
    expect(failed.statusCode).toBe(500);
    await expect.poll(() => sentry.received.length).toBe(1);
    const event = JSON.parse(sentry.received[0]!.body.split('\n')[2]!);
    expect(event.tags).toEqual({ kind: 'server-error', path: '/api/resignation' });
    expect(event.logentry.formatted).toMatch(/^SqliteError/);
    expect(sentry.received[0]!.body).not.toContain(SECRET_HASH);
    expect(sentry.received[0]!.body).not.toContain('optouts');
  });

  it('answers 204 at once while Sentry hangs', async () => {
    const sentry = await fakeSentry('never');
    const t = await app({ errorReportDsn: sentry.errorReportDsn });
    const startedAt = Date.now();
    expect((await report(t, { kind: 'unhandled' })).statusCode).toBe(204);
    expect(Date.now() - startedAt).toBeLessThan(500);
    await expect.poll(() => sentry.received.length).toBe(1);
  });

  it('logs failures to forward once a minute at most, without the DSN', async () => {
    const sentry = await fakeSentry(503);
    const t = await app({ errorReportDsn: sentry.errorReportDsn });
    for (const message of ['a', 'b', 'c']) await report(t, { kind: 'unhandled', message });
    await expect.poll(() => sentry.received.length).toBe(3);
    // The third failure's log line would be written by now had it been written.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const failures = t.logs.filter((line) => line.includes('could not be forwarded'));
    expect(failures).toHaveLength(1);
    expect(t.logs.join('')).not.toContain('publicKey42');
  });
});

describe('ERROR_REPORT_DSN from the environment', () => {
  it('is off unless set; takes a DSN with a path prefix', () => {
    expect(loadConfig({}).errorReportDsn).toBeUndefined();
    expect(loadConfig({ ERROR_REPORT_DSN: 'https://k@sentry.example.pl/sentry/12' }).errorReportDsn).toEqual({
      envelopeUrl: 'https://sentry.example.pl/sentry/api/12/envelope/',
      publicKey: 'k',
    });
  });

  it('refuses a malformed DSN in Polish, naming the variable but not quoting its key', () => {
    for (const value of [
      'sentry',
      'https://sentry.example.pl/12',
      'https://sekret@sentry.example.pl/projekt',
    ]) {
      expect(() => loadConfig({ ERROR_REPORT_DSN: value })).toThrow(/^ERROR_REPORT_DSN musi mieć postać/);
      expect(() => loadConfig({ ERROR_REPORT_DSN: value })).not.toThrow(/sekret/);
    }
  });
});
