import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config-error';
import { parseMailSettings, type MailSettings } from './mail/settings';
import { parseSentryDsn, type SentryDsn } from './sentry-dsn';
import { parsePanelSettings, type PanelSettings } from './staff/settings';

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
  /**
   * Started by a person in a terminal (npm start), not in production: plain Polish lines say where the site
   * runs, and request logs stay quiet (LOG_LEVEL warn unless set). Otherwise JSON lines, as a collector wants.
   */
  interactive: boolean;
  /** STATEMENTS_KEY (32 bytes, hex or base64); unset means a key file in dataDir (see crypto.ts). */
  statementsKey: string | undefined;
  /** STATEMENTS_PREVIOUS_KEYS: comma-separated older keys, read during a key rotation (README). */
  statementsPreviousKeys: string | undefined;
  /** AUDIT_KEY (32 bytes, hex or base64): the audit trail's HMAC key; unset means a key file in dataDir. */
  auditKey: string | undefined;
  /**
   * YEAR_KEYS_DIR: the folder of the bounded families' keys (docs/decisions/storage.md#bounded-keys); unset
   * means DATA_DIR/year-keys, and with DATABASE_URL it must be set: every server seals with it.
   */
  yearKeysDir: string;
  /** AUDIT_HEAD_FILE: where the audit trail's last entry is written after each one (docs/deploy.md#backups). */
  auditHeadFile: string | undefined;
  /** Import the bundled demo winners into an empty embedded database on start (off: DEMO=0 or production). */
  demo: boolean;
  /** RETENTION=on: the server runs retention daily on its own (docs/decisions/retention.md#daily). */
  retention: boolean;
  /** REDIS_URL shares the rate-limit counters between server processes; unset keeps them in memory. */
  redisUrl: string | undefined;
  /** Requests per address per window on each limited call (statements, resignation). */
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** How often the winners lists check for another process's import (issue: visible within 5 s). */
  winnersPollMs: number;
  /** TRUST_PROXY: hops (number) or addresses of proxies whose X-Forwarded-For names the client. */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** HSTS=0 leaves Strict-Transport-Security to the proxy where TLS ends, e.g. one that sets its own. */
  hsts: boolean;
  /** The HTTP server's own limits against slow or idle clients (HTTP_DEFAULTS says why each default). */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
  /** After SIGTERM or SIGINT, how long requests in flight may take before their connections are closed. */
  shutdownTimeoutMs: number;
  /** ERROR_REPORT_DSN: a Sentry-compatible service the error reports also go to; unset means the log only. */
  errorReportDsn: SentryDsn | undefined;
  /** NODE_ENV=production: the server refuses to start without what production needs (mail/settings.ts). */
  production: boolean;
  mail: MailSettings;
  /** PANEL_HOST (and PUBLIC_URL): where the staff panel answers, and its passkeys' relying party. */
  panel: PanelSettings;
}

/** The HTTP server's defaults, for the environment (loadConfig) and for buildApp alike. */
export const HTTP_DEFAULTS = {
  // docs/decisions/security.md#caching-and-hsts: browsers use HTTPS only for a year, on every subdomain too.
  hsts: true,
  // docs/decisions/security.md#slow-clients-and-shutdown: a client that never finishes its headers holds a
  // connection for about 10 s, not Node's 60 s.
  headersTimeoutMs: 10_000,
  // The whole request, body included: a statement (up to a few MB with its photo) from a slow mobile
  // uplink still fits; a client trickling its body is dropped well before Node's 5 minutes.
  requestTimeoutMs: 120_000,
  // Above the 60 s idle timeout of common proxies and load balancers (nginx upstream keep-alive, AWS ALB):
  // the proxy, not the server, closes an idle connection, so it never sends a request into one being closed.
  keepAliveTimeoutMs: 65_000,
  // Each connection costs memory and a file descriptor; beyond this many, new ones are refused at once
  // rather than slowing every visitor down. Keep `ulimit -n` above it.
  maxConnections: 4_096,
  // Below the 10 s that Docker (and 30 s that Kubernetes) waits before killing the process: the server
  // closes the database itself instead of being killed in the middle of a write.
  shutdownTimeoutMs: 8_000,
} as const;

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT musi być liczbą całkowitą od 0 do 65535, a jest: "${value}"`);
  }
  return port;
}

function parseCount(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1)
    throw new ConfigError(`${name} musi być liczbą całkowitą ≥ 1, a jest: "${value}"`);
  return count;
}

function parseSwitch(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (['1', 'true', 'on'].includes(value)) return true;
  if (['0', 'false', 'off'].includes(value)) return false;
  throw new ConfigError(`${name} musi mieć wartość 1 (włączone) albo 0 (wyłączone), a ma: "${value}"`);
}

function parseTrustProxy(value: string | undefined): ServerConfig['trustProxy'] {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  // A number counts the proxies in front of the server; anything else lists their addresses.
  if (!/^\d+$/.test(value)) return value;
  const hops = Number(value);
  return (_address, hop) => hop < hops;
}

function parseDsn(value: string | undefined): SentryDsn | undefined {
  if (value === undefined || value === '') return undefined;
  const dsn = parseSentryDsn(value);
  // The value is not quoted: its key is a credential.
  if (!dsn) {
    throw new ConfigError(
      'ERROR_REPORT_DSN musi mieć postać DSN usługi zgodnej z Sentry: https://klucz@host/numer-projektu',
    );
  }
  return dsn;
}

function parseYearKeysDir(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (!env.YEAR_KEYS_DIR) {
    if (env.DATABASE_URL)
      throw new ConfigError(
        'przy DATABASE_URL ustaw YEAR_KEYS_DIR: folder kluczy okresów i lat, ten sam dla każdego serwera (docs/deploy.md)',
      );
    return path.join(dataDir, 'year-keys');
  }
  const dir = path.resolve(env.YEAR_KEYS_DIR);
  if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory())
    throw new ConfigError(`YEAR_KEYS_DIR musi wskazywać folder, a wskazuje plik: ${dir}`);
  if (dir === dataDir)
    throw new ConfigError(
      `YEAR_KEYS_DIR musi być osobnym folderem, nie samym DATA_DIR (${dir}): kopie bazy nie mogą zabierać kluczy lat`,
    );
  return dir;
}

function parseInstant(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const ms = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(ms)) {
    throw new ConfigError(
      `CAMPAIGN_NOW musi być chwilą w zapisie ISO, np. 2025-07-01T12:00:00+02:00, a jest: "${value}"`,
    );
  }
  return ms;
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  terminal = Boolean(process.stdout.isTTY),
): ServerConfig {
  const interactive = terminal && env.NODE_ENV !== 'production';
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL musi zaczynać się od postgres:// albo postgresql://');
  }
  const port = parsePort(env.PORT);
  const mail = parseMailSettings(env, port);
  const dataDir = path.resolve(env.DATA_DIR || 'data');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    campaignNowMs: parseInstant(env.CAMPAIGN_NOW),
    clientDir: path.resolve(env.CLIENT_DIR || 'dist'),
    logLevel: env.LOG_LEVEL || (interactive ? 'warn' : 'info'),
    interactive,
    statementsKey: env.STATEMENTS_KEY || undefined,
    statementsPreviousKeys: env.STATEMENTS_PREVIOUS_KEYS || undefined,
    auditKey: env.AUDIT_KEY || undefined,
    yearKeysDir: parseYearKeysDir(env, dataDir),
    auditHeadFile: env.AUDIT_HEAD_FILE ? path.resolve(env.AUDIT_HEAD_FILE) : undefined,
    demo: env.DEMO !== '0' && env.NODE_ENV !== 'production',
    retention: parseSwitch('RETENTION', env.RETENTION, false),
    redisUrl: env.REDIS_URL || undefined,
    rateLimitMax: parseCount('RATE_LIMIT_MAX', env.RATE_LIMIT_MAX, 20),
    rateLimitWindowMs: parseCount('RATE_LIMIT_WINDOW_MS', env.RATE_LIMIT_WINDOW_MS, 60_000),
    winnersPollMs: parseCount('WINNERS_POLL_MS', env.WINNERS_POLL_MS, 2_000),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    hsts: parseSwitch('HSTS', env.HSTS, HTTP_DEFAULTS.hsts),
    errorReportDsn: parseDsn(env.ERROR_REPORT_DSN),
    production: env.NODE_ENV === 'production',
    mail,
    panel: parsePanelSettings(env, mail.publicUrl),
    ...parseHttpLimits(env),
  };
}

function parseHttpLimits(env: NodeJS.ProcessEnv) {
  const limits = {
    headersTimeoutMs: parseCount(
      'HEADERS_TIMEOUT_MS',
      env.HEADERS_TIMEOUT_MS,
      HTTP_DEFAULTS.headersTimeoutMs,
    ),
    requestTimeoutMs: parseCount(
      'REQUEST_TIMEOUT_MS',
      env.REQUEST_TIMEOUT_MS,
      HTTP_DEFAULTS.requestTimeoutMs,
    ),
    keepAliveTimeoutMs: parseCount(
      'KEEP_ALIVE_TIMEOUT_MS',
      env.KEEP_ALIVE_TIMEOUT_MS,
      HTTP_DEFAULTS.keepAliveTimeoutMs,
    ),
    maxConnections: parseCount('MAX_CONNECTIONS', env.MAX_CONNECTIONS, HTTP_DEFAULTS.maxConnections),
    shutdownTimeoutMs: parseCount(
      'SHUTDOWN_TIMEOUT_MS',
      env.SHUTDOWN_TIMEOUT_MS,
      HTTP_DEFAULTS.shutdownTimeoutMs,
    ),
  };
  // Node refuses to start otherwise; say it in our words, naming both variables.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new ConfigError('HEADERS_TIMEOUT_MS nie może być dłuższy niż REQUEST_TIMEOUT_MS');
  }
  return limits;
}
