import { createRequire } from 'node:module';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { Redis } from 'ioredis';

export interface RateLimitOptions {
  max: number;
  windowMs: number;
  /** Counters shared by every server process through Redis; in memory without it. */
  redisUrl: string | undefined;
  /** Real time, for the Redis outage's retries and logs (the plugin's windows keep their own). */
  now: () => number;
}

/** A Redis slower than this counts as failing: a limited request must not wait on it any longer. */
const REDIS_COMMAND_TIMEOUT_MS = 200;
/** While Redis fails, one request in this interval tries it again; the others go straight to memory. */
const REDIS_RETRY_INTERVAL_MS = 5_000;
/** An outage is logged when it starts and then at most this often, however many requests it touches. */
const OUTAGE_LOG_INTERVAL_MS = 60_000;

// The plugin's own stores: the Redis one as is, the in-memory one (an LRU of 5000 keys per route) as the
// fallback. They are plain CommonJS without type declarations, hence the require and the types below.
type StoreResult = Parameters<Parameters<FastifyRateLimitStore['incr']>[1]>[1];
interface PluginStore {
  incr(
    key: string,
    callback: (error: Error | null, result?: StoreResult) => void,
    timeWindow: number,
    max: number,
  ): void;
  child(routeOptions: unknown): PluginStore;
}
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => PluginStore;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  nameSpace: string,
) => PluginStore;

/**
 * Registers @fastify/rate-limit without a global limit: the calls that write or look up a secret
 * (statements, resignation, statement-link, error-report) opt in with `config: { rateLimit: {} }`. Counted per client address (request.ip; set
 * TRUST_PROXY behind a proxy), IPv6 clients per /64 network: one host usually holds a whole /64, so per
 * address it could pick a fresh address for every request.
 *
 * With Redis the counters are shared by every server process. While Redis fails or hangs, each process
 * counts on its own in memory (so a client gets at most `max` per process, never unlimited), and a
 * request waits on Redis at most REDIS_COMMAND_TIMEOUT_MS.
 */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions) {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        connectTimeout: 1_000,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
        maxRetriesPerRequest: 1,
        // Commands fail at once while disconnected instead of queueing: the request then counts in memory.
        enableOfflineQueue: false,
      })
    : undefined;
  let store: ReturnType<typeof fallbackStore> | undefined;
  if (redis) {
    const outage = new RedisOutage(app.log, options.now);
    store = fallbackStore(redis, outage);
    // ioredis reconnects by itself and reports each failed attempt here.
    redis.on('error', (error: unknown) => outage.failed(error));
    redis.on('ready', () => outage.retryNow());
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    // Commands sent before the connection is up would fail over to memory: give Redis a moment to connect
    // before serving. Down or slow, the server starts anyway.
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
    // No keyGenerator: the plugin's own groups IPv6 addresses by network (and IPv4-mapped ones by address).
    ipv6Subnet: 64,
    // The fallback store never fails; should it ever, let the request through rather than fail it.
    skipOnError: true,
    ...(store ? { store } : {}),
  });
}

/**
 * Tracks whether Redis answers, for the store to skip it while it does not, and tells the log when an
 * outage starts, at most once a minute while it lasts, and when it ends.
 */
class RedisOutage {
  private since: number | undefined;
  private failuresUnlogged = 0;
  private lastLoggedAt = -Infinity;
  private retryAt = 0;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {}

  /** Whether this request should ask Redis; while Redis is out, only one per retry interval does. */
  shouldTry(): boolean {
    if (this.since === undefined) return true;
    const now = this.now();
    if (now < this.retryAt) return false;
    this.retryAt = now + REDIS_RETRY_INTERVAL_MS;
    return true;
  }

  /** Redis (re)connected: the next request may try it without waiting for the retry interval. */
  retryNow() {
    this.retryAt = 0;
  }

  failed(error: unknown) {
    const now = this.now();
    this.since ??= now;
    this.retryAt = now + REDIS_RETRY_INTERVAL_MS;
    this.failuresUnlogged += 1;
    if (now - this.lastLoggedAt < OUTAGE_LOG_INTERVAL_MS) return;
    this.log.warn(
      { error: describeError(error), failures: this.failuresUnlogged, outageMs: now - this.since },
      'redis unavailable: rate limits counted by this process alone',
    );
    this.lastLoggedAt = now;
    this.failuresUnlogged = 0;
  }

  answered() {
    if (this.since === undefined) return;
    this.log.info({ outageMs: this.now() - this.since }, 'redis answers again: rate limits shared again');
    this.since = undefined;
    this.failuresUnlogged = 0;
    this.lastLoggedAt = -Infinity;
  }
}

/**
 * Name and code only, never the message: ioredis messages can quote a command (our keys hold client
 * addresses) and the URL may hold a password.
 */
function describeError(error: unknown) {
  const { name, code, message } = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown };
  return { name, code, timedOut: message === 'Command timed out' };
}

/**
 * The plugin creates the store with `new`, once, and then one child per limited route (each with its own
 * keys). Each counts in Redis and, when Redis fails or hangs past the command timeout, in memory instead.
 */
function fallbackStore(redis: Redis, outage: RedisOutage) {
  class FallbackStore implements FastifyRateLimitStore {
    constructor(
      private readonly shared: PluginStore,
      private readonly local: PluginStore,
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: StoreResult) => void,
      timeWindow: number,
      max: number,
    ) {
      if (!outage.shouldTry()) return this.local.incr(key, callback, timeWindow, max);
      let settled = false;
      this.shared.incr(
        key,
        (error, result) => {
          if (settled) return;
          settled = true;
          if (error || !result) {
            outage.failed(error);
            this.local.incr(key, callback, timeWindow, max);
          } else {
            outage.answered();
            callback(null, result);
          }
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }
  // Neither continueExceeding nor exponentialBackoff is used here; the key prefix keeps our keys apart.
  return class extends FallbackStore {
    constructor() {
      super(new RedisStore(false, false, redis, 'loteria-rate-limit-'), new LocalStore(false, false));
    }
  };
}
