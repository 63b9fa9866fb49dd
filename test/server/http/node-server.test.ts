import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import apiMessages from '#content/api-messages.json';
import type { AppConfig } from '#server/app.ts';
import { closeWithin, LINGER_MAX_BYTES, LINGER_MAX_MS } from '#server/http/node-server.ts';
import { problemsMessage } from '#server/statements/validate-statement.ts';
import { openTestApp, type TestApp } from '../helpers/app';
import { storageTargets } from '../helpers/storage-targets';

// docs/decisions/security.md#slow-clients-and-shutdown: the server's own defences against slow clients, its
// connection cap, its shutdown deadline and a 413 that reaches a client still uploading. All against a real
// listening server.

const STATEMENT_CALL = '/api/complete-testimonial';
const TOO_LARGE = { message: problemsMessage([{ field: 'body', message: apiMessages.payloadTooLarge }]) };
const UPLOAD_BYTES = 15 * 1024 * 1024;

let opened: TestApp[] = [];
let sockets: net.Socket[] = [];
afterEach(async () => {
  // Once closing, Node stops enforcing its timeouts: a silent client would hold close() for good.
  sockets.forEach((socket) => socket.destroy());
  await Promise.all(opened.map((t) => t.close()));
  opened = [];
  sockets = [];
});

async function listening(config: Partial<AppConfig> = {}): Promise<{ t: TestApp; port: number }> {
  const t = await openTestApp(storageTargets[0]!, { rateLimitMax: 1_000, ...config });
  opened.push(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, port: (t.app.server.address() as AddressInfo).port };
}

async function connect(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => undefined); // a reset is an outcome these tests look at, not a crash
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
}

/** Milliseconds until the server closes the socket, or 'open' if it is still open after waitMs. */
function closedWithin(socket: net.Socket, waitMs: number): Promise<number | 'open'> {
  const started = Date.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('open'), waitMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
    socket.resume();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Uploads the whole body with node:http the way a browser does (the answer read while sending); settles
 * once the connection is closed, failing on any error on the way, even one after the answer.
 */
function uploadWithHttp(port: number, body: Buffer, chunked: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json' };
    if (chunked) headers['transfer-encoding'] = 'chunked';
    else headers['content-length'] = body.length;
    const request = http.request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: STATEMENT_CALL,
      headers,
      agent: false,
    });
    let answer: Answer | undefined;
    let failure: Error | undefined;
    request.on('error', (error) => (failure ??= error));
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on(
        'end',
        () => (answer = { status: response.statusCode!, headers: response.headers, body: text }),
      );
      response.on('error', (error) => (failure ??= error));
    });
    request.on('socket', (socket) =>
      socket.on('close', () => {
        // Let an error that travels with the close reach its listener first.
        setImmediate(() =>
          failure || !answer ? reject(failure ?? new Error('no answer')) : resolve(answer),
        );
      }),
    );
    if (chunked) {
      for (let at = 0; at < body.length; at += 1024 * 1024)
        request.write(body.subarray(at, at + 1024 * 1024));
      request.end();
    } else {
      request.end(body);
    }
  });
}

/** Sends the request head and the whole body, and only then reads: a simple client, not a browser. */
function uploadRaw(port: number, body: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', reject);
    socket.on('close', (hadError) => {
      if (!hadError) resolve(Buffer.concat(received).toString('utf8'));
    });
    socket.write(
      `POST ${STATEMENT_CALL} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    socket.end(body);
  });
}

describe('a statement call uploading far too much (15 MB ended in EPIPE)', () => {
  const body = Buffer.alloc(UPLOAD_BYTES, 'a');

  it('gets the Polish 413, every time, while still sending, without EPIPE or ECONNRESET', async () => {
    const { port } = await listening();
    for (let attempt = 0; attempt < 20; attempt++) {
      const answer = await uploadWithHttp(port, body, attempt % 2 === 1);
      expect(answer.status, `attempt ${attempt}`).toBe(413);
      expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers.connection).toBe('close');
    }
  });

  it('gets it too when the client reads only after sending everything, and the connection then ends', async () => {
    const { port } = await listening();
    for (let attempt = 0; attempt < 5; attempt++) {
      const raw = await uploadRaw(port, body);
      expect(raw).toMatch(/^HTTP\/1\.1 413 /);
      expect(raw).toMatch(/\r\nconnection: close\r\n/i);
      expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual(TOO_LARGE);
    }
  });

  it('reads and discards a bounded amount: a client sending without end is cut off', async () => {
    const { port } = await listening();
    const socket = await connect(port);
    socket.write(
      `POST ${STATEMENT_CALL} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${1024 ** 4}\r\n\r\n`,
    );
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    let sent = 0;
    const closed = closedWithin(socket, 10_000);
    while (!socket.destroyed && sent < 1024 ** 3) {
      if (!socket.write(chunk)) {
        // One listener per wait, removed after: the loop waits many times on one socket.
        await new Promise<void>((resolve) => {
          const done = () => {
            socket.off('drain', done).off('close', done);
            resolve();
          };
          socket.once('drain', done).once('close', done);
        });
      }
      sent += chunk.length;
    }
    // Cut off by the byte bound, long before the time bound; what is in flight is counted as sent.
    expect(await closed).toBeLessThan(LINGER_MAX_MS / 3);
    expect(sent).toBeLessThan(4 * LINGER_MAX_BYTES);
  });
});

describe('slow and idle clients', () => {
  it('drops a client that never finishes its headers once the header timeout passes', async () => {
    const { port } = await listening({ headersTimeoutMs: 500, requestTimeoutMs: 1_000 });
    const socket = await connect(port);
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    const after = await closedWithin(socket, 5_000);
    expect(after).not.toBe('open');
    expect(after).toBeGreaterThanOrEqual(400);
    expect(after).toBeLessThan(2_500);
  });

  it('drops a client that trickles its body once the request timeout passes', async () => {
    const { port } = await listening({ headersTimeoutMs: 500, requestTimeoutMs: 1_000 });
    const socket = await connect(port);
    socket.write(
      `POST ${STATEMENT_CALL} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        'Content-Length: 1000\r\n\r\n{"code":',
    );
    const after = await closedWithin(socket, 5_000);
    expect(after).not.toBe('open');
    expect(after).toBeLessThan(3_000);
  });

  it('by default allows 10 s for headers (checked every second), 120 s per request, 65 s idle', async () => {
    const { t } = await listening();
    const server = t.app.server as http.Server & { connectionsCheckingInterval: number };
    expect({
      headersTimeout: server.headersTimeout,
      requestTimeout: server.requestTimeout,
      keepAliveTimeout: server.keepAliveTimeout,
      connectionsCheckingInterval: server.connectionsCheckingInterval,
      maxConnections: server.maxConnections,
    }).toEqual({
      headersTimeout: 10_000,
      requestTimeout: 120_000,
      keepAliveTimeout: 65_000,
      connectionsCheckingInterval: 1_000,
      maxConnections: 4_096,
    });
  });

  it('refuses connections beyond the cap, and takes new ones once others have closed', async () => {
    const { t, port } = await listening({ maxConnections: 2 });
    const first = await connect(port);
    await connect(port);
    await sleep(100);
    expect(await closedWithin(await connect(port), 1_000)).not.toBe('open');
    expect(t.logs.join('')).toContain('connection limit reached');

    first.destroy();
    while ((await new Promise<number>((resolve) => t.app.server.getConnections((_e, n) => resolve(n)))) > 1) {
      await sleep(20);
    }
    const health = await new Promise<number>((resolve, reject) =>
      http
        .get({ port, host: '127.0.0.1', path: '/api/health', agent: false }, (response) => {
          response.resume();
          resolve(response.statusCode!);
        })
        .on('error', reject),
    );
    expect(health).toBe(200);
  });
});

describe('shutdown', () => {
  it('finishes at once when nothing is in flight', async () => {
    const { t } = await listening();
    expect(await closeWithin(t.app, 5_000)).toBe('graceful');
  });

  it('closes a connection whose request is still unfinished at the deadline, instead of waiting for it', async () => {
    const { t, port } = await listening();
    const stuck = await connect(port);
    stuck.write(
      `POST ${STATEMENT_CALL} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        'Content-Length: 1000\r\n\r\n{"code":',
    );
    await sleep(100);
    const started = Date.now();
    const closed = closedWithin(stuck, 5_000);
    expect(await closeWithin(t.app, 300)).toBe('forced');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await closed).not.toBe('open');
  });

  it('answers a statement call arriving while it closes with a Polish 503, kept by no cache', async () => {
    const { t, port } = await listening();
    // A keep-alive connection busy with its next request's head is not idle: closing leaves it open.
    const socket = await connect(port);
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.write(`POST ${STATEMENT_CALL} HTTP/1.1\r\nHost: localhost\r\n`);
    await sleep(100);
    const closing = closeWithin(t.app, 5_000);
    await sleep(100);
    socket.write('Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
    await closedWithin(socket, 5_000);
    await closing;
    const raw = Buffer.concat(received).toString('utf8');
    expect(raw).toMatch(/^HTTP\/1\.1 503 /);
    expect(raw).toMatch(/\r\ncache-control: no-store\r\n/i);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      message: problemsMessage([{ field: 'body', message: apiMessages.unavailable }]),
    });
  });
});
