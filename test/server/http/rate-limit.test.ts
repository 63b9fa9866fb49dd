import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openTestApp, type TestApp } from '../helpers/app';
import { storageTargets } from '../helpers/storage-targets';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(500);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

const sqlite = storageTargets[0]!;
// A fresh address per run: Redis keeps counters for the whole window, also across test runs.
const clientIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
const resign = (app: TestApp['app'], ip: string) =>
  app.inject({ method: 'GET', url: '/api/resignation?hash=x', remoteAddress: ip });

/** The status of a limited request, or 'no answer' when it takes a second or more. */
async function statusWithinASecond(app: TestApp['app'], ip: string): Promise<number | 'no answer'> {
  const answer = await Promise.race([resign(app, ip), sleep(1_000, 'no answer' as const)]);
  return answer === 'no answer' ? answer : answer.statusCode;
}

interface LogLine {
  level: number;
  msg: string;
}
const logLines = (t: TestApp): LogLine[] => t.logs.map((line) => JSON.parse(line) as LogLine);
const outageWarnings = (t: TestApp) =>
  logLines(t).filter((line) => line.level === 40 && /redis/i.test(line.msg));
const recoveryNotes = (t: TestApp) =>
  logLines(t).filter((line) => line.level === 30 && /redis/i.test(line.msg));

/** Closes what a test opened, even when it failed half way. */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
async function app(config: Parameters<typeof openTestApp>[1]): Promise<TestApp> {
  const t = await openTestApp(sqlite, config);
  cleanups.push(() => t.close());
  return t;
}

/** A local TCP server on a free port; every socket it accepted is destroyed on close. */
async function tcpServer(onSocket: (socket: net.Socket) => void, port = 0): Promise<net.Server> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const close = server.close.bind(server);
  server.close = (callback) => {
    for (const socket of sockets) socket.destroy();
    return close(callback);
  };
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return server;
}
const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;

/**
 * Speaks just enough of the Redis protocol for ioredis to get ready (AUTH, CLIENT, SELECT, INFO), then never
 * answers the rate-limit script: a Redis that hangs while the connection stays up.
 */
function answerHandshakeOnly(socket: net.Socket) {
  let buffered = '';
  socket.on('data', (chunk) => {
    buffered += chunk.toString('latin1');
    for (;;) {
      const command = takeCommand();
      if (!command) return;
      const name = command[0]?.toUpperCase();
      if (name === 'INFO') socket.write(bulk('# Server\r\nredis_version:7.0.0\r\nloading:0\r\n'));
      else if (name === 'AUTH' || name === 'CLIENT' || name === 'SELECT' || name === 'PING')
        socket.write('+OK\r\n');
    }
  });
  const bulk = (text: string) => `$${Buffer.byteLength(text, 'latin1')}\r\n${text}\r\n`;
  // A RESP array of bulk strings, or undefined until all of it arrived.
  function takeCommand(): string[] | undefined {
    const header = /^\*(\d+)\r\n/.exec(buffered);
    if (!header) return undefined;
    let at = header[0].length;
    const args: string[] = [];
    for (let i = 0; i < Number(header[1]); i++) {
      const length = /^\$(\d+)\r\n/.exec(buffered.slice(at));
      if (!length) return undefined;
      const start = at + length[0].length;
      const end = start + Number(length[1]);
      if (buffered.length < end + 2) return undefined;
      args.push(buffered.slice(start, end));
      at = end + 2;
    }
    buffered = buffered.slice(at);
    return args;
  }
}

describe('rate limits count', () => {
  it('one IPv6 /64 network as one client, since a single host usually holds a whole /64', async () => {
    const t = await app({ rateLimitMax: 2 });
    expect((await resign(t.app, '2001:db8:1:2::1')).statusCode).toBe(404);
    expect((await resign(t.app, '2001:db8:1:2:aaaa:bbbb:cccc:dddd')).statusCode).toBe(404);
    expect((await resign(t.app, '2001:db8:1:2::ffff')).statusCode).toBe(429);
  });

  it('two IPv6 /64 networks apart', async () => {
    const t = await app({ rateLimitMax: 1 });
    expect((await resign(t.app, '2001:db8:1:2::1')).statusCode).toBe(404);
    expect((await resign(t.app, '2001:db8:1:3::1')).statusCode).toBe(404);
    expect((await resign(t.app, '2001:db8:1:2::1')).statusCode).toBe(429);
    expect((await resign(t.app, '2001:db8:1:3::1')).statusCode).toBe(429);
  });

  it('IPv4 clients one address at a time, also as IPv4-mapped IPv6 addresses (a dual-stack listener)', async () => {
    const t = await app({ rateLimitMax: 1 });
    for (const [one, other] of [
      ['192.0.2.1', '192.0.2.2'],
      ['::ffff:198.51.100.1', '::ffff:198.51.100.2'],
    ] as const) {
      expect((await resign(t.app, one)).statusCode).toBe(404);
      expect((await resign(t.app, other)).statusCode).toBe(404);
      expect((await resign(t.app, one)).statusCode).toBe(429);
      expect((await resign(t.app, other)).statusCode).toBe(429);
    }
  });
});

describe.skipIf(!(await redisAnswers()))('rate limits shared through Redis', () => {
  it('counts one address across two server processes', async () => {
    const a = await app({ rateLimitMax: 3, redisUrl: REDIS_URL });
    const b = await app({ rateLimitMax: 3, redisUrl: REDIS_URL });
    const ip = clientIp();
    expect((await resign(a.app, ip)).statusCode).toBe(404);
    expect((await resign(b.app, ip)).statusCode).toBe(404);
    expect((await resign(a.app, ip)).statusCode).toBe(404);
    expect((await resign(b.app, ip)).statusCode).toBe(429);
  });

  it('count in process while Redis is gone, and shared again once it is back (each logged once)', async () => {
    const { hostname, port } = new URL(REDIS_URL);
    // A proxy in front of the real Redis, so that this test alone can take "Redis" away and bring it back.
    const forward = (socket: net.Socket) => {
      const upstream = net.connect({ host: hostname, port: Number(port || 6379) });
      upstream.on('error', () => socket.destroy());
      socket.on('close', () => upstream.destroy());
      socket.pipe(upstream).pipe(socket);
    };
    let proxy = await tcpServer(forward);
    const proxyPort = portOf(proxy);
    const a = await app({ rateLimitMax: 2, redisUrl: `redis://127.0.0.1:${proxyPort}` });
    const b = await app({ rateLimitMax: 2, redisUrl: REDIS_URL });

    const ip = clientIp();
    expect(await statusWithinASecond(a.app, ip)).toBe(404);
    expect(await statusWithinASecond(b.app, ip)).toBe(404);
    expect(await statusWithinASecond(a.app, ip)).toBe(429);

    await new Promise((resolve) => proxy.close(resolve));
    // Redis counted this address to its limit, but it is out of reach: this process counts from zero.
    expect(await statusWithinASecond(a.app, ip)).toBe(404);
    expect(await statusWithinASecond(a.app, ip)).toBe(404);
    expect(await statusWithinASecond(a.app, ip)).toBe(429);
    await sleep(1_000); // ioredis keeps reconnecting, and failing, meanwhile
    expect(outageWarnings(a)).toHaveLength(1);
    expect(recoveryNotes(a)).toHaveLength(0);

    proxy = await tcpServer(forward, proxyPort);
    for (let i = 0; i < 50 && recoveryNotes(a).length === 0; i++) {
      expect(await statusWithinASecond(a.app, clientIp())).toBe(404);
      await sleep(100);
    }
    expect(recoveryNotes(a)).toHaveLength(1);
    expect(outageWarnings(a)).toHaveLength(1);

    const next = clientIp();
    expect(await statusWithinASecond(a.app, next)).toBe(404);
    expect(await statusWithinASecond(b.app, next)).toBe(404);
    expect(await statusWithinASecond(a.app, next)).toBe(429);
  });
});

describe('rate limits when Redis does not answer', () => {
  // A password in the URL: it must never reach the log.
  const urlOf = (port: number) => `redis://:s3cret-pass@127.0.0.1:${port}`;
  const closedPort = async () => {
    const server = await tcpServer(() => undefined);
    const port = portOf(server);
    await new Promise((resolve) => server.close(resolve));
    return port;
  };
  const cases: [string, () => Promise<string>][] = [
    ['accepts connections and never answers', async () => urlOf(portOf(await tcpServer(() => undefined)))],
    [
      'connects, then never answers a command',
      async () => urlOf(portOf(await tcpServer(answerHandshakeOnly))),
    ],
    ['refuses connections', async () => urlOf(await closedPort())],
  ];

  it.each(cases)('answer quickly and still limit in process when Redis %s', async (_, redisUrl) => {
    const t = await app({ rateLimitMax: 3, redisUrl: await redisUrl() });
    const ip = clientIp();
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      expect(await statusWithinASecond(t.app, ip)).toBe(404);
      expect(performance.now() - started).toBeLessThan(500);
    }
    expect(await statusWithinASecond(t.app, ip)).toBe(429);
    expect(await statusWithinASecond(t.app, clientIp())).toBe(404);

    // Several failed commands and reconnects later, the outage is still told once.
    for (let i = 0; i < 10; i++) {
      expect(await statusWithinASecond(t.app, ip)).toBe(429);
      await sleep(100);
    }
    expect(outageWarnings(t)).toHaveLength(1);
    expect(t.logs.join('')).not.toContain('s3cret-pass');
    expect(t.logs.join('')).not.toContain('redis://');
  });

  it('tell the log again once a minute while the outage lasts', async () => {
    const t = await app({ rateLimitMax: 3, redisUrl: urlOf(await closedPort()) });
    try {
      // Only the clock jumps; timers (ioredis' reconnects) keep running in real time.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 59_000);
      expect(await statusWithinASecond(t.app, clientIp())).toBe(404);
      await sleep(300);
      expect(outageWarnings(t)).toHaveLength(1);
      // Past the minute, and past the retry interval: this request tries Redis again, and fails.
      vi.setSystemTime(Date.now() + 7_000);
      expect(await statusWithinASecond(t.app, clientIp())).toBe(404);
      await sleep(300);
      expect(outageWarnings(t)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
