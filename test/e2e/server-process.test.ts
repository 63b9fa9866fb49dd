import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_CLIENT_DIR, freePort, startServer, type RunningServer } from './harness';

describe('the server process', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ CAMPAIGN_NOW: '2025-09-05T12:00:00+02:00' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers health and serves a page with the pinned clock', async () => {
    expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({ status: 'ok' });
    const page = await fetch(`${server.url}/oswiadczenie-vi-stopnia?hash=abc`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="pl">');
    expect(html).toContain('<meta name="campaign-now" content="2025-09-05T10:00:00.000Z">');
  });

  it('answers a missing asset with 404, not the page', async () => {
    expect((await fetch(`${server.url}/assets/nie-ma.js`)).status).toBe(404);
  });

  it('never logs the query string', () => {
    expect(server.logs.join('\n')).not.toContain('hash=abc');
  });

  it('stops cleanly on SIGTERM, finishing requests in flight', async () => {
    // A request the server holds when the signal comes: its body is still arriving. (A fetch sent just
    // before the signal raced it: a connection whose request had not arrived yet is closed, as it should.)
    const { port } = new URL(server.url);
    const client = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => client.once('connect', resolve));
    const body = JSON.stringify({ code: 'NIEMA1234' });
    client.write(
      'POST /api/complete-testimonial HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
    );
    let answer = '';
    client.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const answered = new Promise((resolve) => client.once('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = server.stop('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    client.end(body.slice(5));
    await answered;
    // Answered in full (a Polish 400: the statement is incomplete), then the process ends well.
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"message"');
    expect(await exited).toBe(0);
  });
});

describe('the server process shutting down with a client stuck mid-request', () => {
  it('closes that connection at SHUTDOWN_TIMEOUT_MS and exits instead of waiting for it', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '500' });
    const { port } = new URL(server.url);
    const stuck = net.connect(Number(port), '127.0.0.1');
    stuck.on('error', () => undefined);
    await new Promise((resolve) => stuck.once('connect', resolve));
    // Headers and part of a body: a request in flight that will not finish by itself.
    stuck.write(
      'POST /api/complete-testimonial HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"code":',
    );
    const stuckClosed = new Promise((resolve) => stuck.once('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    const exitCode = await server.stop('SIGTERM');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(exitCode).toBe(0);
    await stuckClosed;
    expect(server.logs.join('\n')).toContain('shutdown deadline passed');
  });
});

// docs/decisions/operations.md#logs: a newcomer's `npm start` in a terminal says in one plain line where the
// site runs, and does not fill the terminal with a JSON line per request. `script` gives the server a
// terminal, as npm start has.
describe.runIf(fs.existsSync('/usr/bin/script'))('the server started in a terminal', () => {
  it('prints "Strona działa: http://localhost:<port>" and no request logs', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-e2e-tty-'));
    const command = `${shellQuote(process.execPath)} --import tsx src/server/main.ts`;
    const child = spawn('/usr/bin/script', ['-qfec', command, '/dev/null'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, CLIENT_DIR: E2E_CLIENT_DIR, DEMO: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect
        .poll(() => output, { timeout: 60_000 })
        .toContain(`Strona działa: http://localhost:${port}`);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(output).not.toContain('{"level"');
      // the key files created, where the mail goes, the address and the staff panel's
      expect(output.trim().split(/\r?\n/)).toEqual([
        expect.stringMatching(/^Utworzono plik klucza szyfrowania/),
        expect.stringMatching(/^Utworzono plik klucza dziennika zdarzeń/),
        `Poczta trafia do skrzynki deweloperskiej: ${path.join(dataDir, 'mail')} (lista: npm run operator -- mailbox).`,
        `Strona działa: http://localhost:${port} (Ctrl+C zatrzymuje serwer)`,
        `Panel pracowników: http://localhost:${port}/panel (zaproszenie: npm run operator -- staff-invite <e-mail> admin)`,
      ]);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
