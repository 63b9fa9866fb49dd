import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { openTestApp } from './helpers';
import { storageTargets } from './storage-targets';

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
const resign = (app: Awaited<ReturnType<typeof openTestApp>>['app'], ip: string) =>
  app.inject({ method: 'GET', url: '/api/resignation?hash=x', remoteAddress: ip });

describe.skipIf(!(await redisAnswers()))('rate limits shared through Redis', () => {
  it('counts one address across two server processes', async () => {
    const a = await openTestApp(sqlite, { rateLimitMax: 3, redisUrl: REDIS_URL });
    const b = await openTestApp(sqlite, { rateLimitMax: 3, redisUrl: REDIS_URL });
    try {
      const ip = clientIp();
      expect((await resign(a.app, ip)).statusCode).toBe(404);
      expect((await resign(b.app, ip)).statusCode).toBe(404);
      expect((await resign(a.app, ip)).statusCode).toBe(404);
      expect((await resign(b.app, ip)).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('rate limits when Redis is down', () => {
  it('let requests through instead of failing them', async () => {
    const t = await openTestApp(sqlite, { rateLimitMax: 3, redisUrl: 'redis://127.0.0.1:1' });
    try {
      expect((await resign(t.app, clientIp())).statusCode).toBe(404);
      expect(t.logs.join('')).not.toContain('redis://');
    } finally {
      await t.close();
    }
  });
});
