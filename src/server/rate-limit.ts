import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';

export interface RateLimitOptions {
  max: number;
  windowMs: number;
  /** Counters shared by every server process through Redis; in memory without it. */
  redisUrl: string | undefined;
}

/**
 * Registers @fastify/rate-limit without a global limit: the calls that write (statements, resignation)
 * opt in with `config: { rateLimit: limitedRoute }`. Counted per client address (request.ip; set
 * TRUST_PROXY behind a proxy). A Redis outage lets requests through rather than failing them.
 */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions) {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        connectTimeout: 1_000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      })
    : undefined;
  if (redis) {
    // ioredis reconnects by itself; log the outage once per error kind without the URL (it may hold a password).
    redis.on('error', (error: Error) => app.log.warn({ error: { name: error.name } }, 'redis unavailable'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    // Without an offline queue, commands sent before the connection is up fail (and pass uncounted):
    // give Redis a moment to connect before serving. Down or slow, the server starts anyway.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1_000);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      redis.once('ready', done);
      redis.once('error', done);
    });
  }
  await app.register(rateLimit, {
    global: false,
    max: options.max,
    timeWindow: options.windowMs,
    keyGenerator: (request) => request.ip,
    skipOnError: true,
    nameSpace: 'loteria-rate-limit-',
    ...(redis ? { redis } : {}),
  });
}
