import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… selects PostgreSQL; unset means the embedded SQLite file in dataDir. */
  databaseUrl: string | undefined;
  /** CAMPAIGN_NOW: the instant the whole site behaves as of; unset means real time. */
  campaignNowMs: number | undefined;
  clientDir: string;
  logLevel: string;
  /** STATEMENTS_KEY (32 bytes, hex or base64); unset means a key file in dataDir (see crypto.ts). */
  statementsKey: string | undefined;
  /** Import the bundled demo winners into an empty embedded database on start (off: DEMO=0 or production). */
  demo: boolean;
  /** REDIS_URL shares the rate-limit counters between server processes; unset keeps them in memory. */
  redisUrl: string | undefined;
  /** Requests per address per window on each limited call (statements, resignation). */
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** How often the winners lists check for another process's import (issue: visible within 5 s). */
  winnersPollMs: number;
  /** TRUST_PROXY: hops (number) or addresses of proxies whose X-Forwarded-For names the client. */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
}

export class ConfigError extends Error {}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${value}"`);
  }
  return port;
}

function parseCount(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1)
    throw new ConfigError(`${name} must be a whole number ≥ 1, got "${value}"`);
  return count;
}

function parseTrustProxy(value: string | undefined): ServerConfig['trustProxy'] {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  // A number counts the proxies in front of the server; anything else lists their addresses.
  if (!/^\d+$/.test(value)) return value;
  const hops = Number(value);
  return (_address, hop) => hop < hops;
}

function parseInstant(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const ms = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(ms)) {
    throw new ConfigError(
      `CAMPAIGN_NOW must be an ISO instant such as 2025-07-01T12:00:00+02:00, got "${value}"`,
    );
  }
  return ms;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl,
    campaignNowMs: parseInstant(env.CAMPAIGN_NOW),
    clientDir: path.resolve(env.CLIENT_DIR || 'dist'),
    logLevel: env.LOG_LEVEL || 'info',
    statementsKey: env.STATEMENTS_KEY || undefined,
    demo: env.DEMO !== '0' && env.NODE_ENV !== 'production',
    redisUrl: env.REDIS_URL || undefined,
    rateLimitMax: parseCount('RATE_LIMIT_MAX', env.RATE_LIMIT_MAX, 20),
    rateLimitWindowMs: parseCount('RATE_LIMIT_WINDOW_MS', env.RATE_LIMIT_WINDOW_MS, 60_000),
    winnersPollMs: parseCount('WINNERS_POLL_MS', env.WINNERS_POLL_MS, 2_000),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}

export function clockFor(config: Pick<ServerConfig, 'campaignNowMs'>): () => number {
  const fixed = config.campaignNowMs;
  return fixed === undefined ? Date.now : () => fixed;
}
