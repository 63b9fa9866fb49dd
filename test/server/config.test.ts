import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '#server/config.ts';
import { ConfigError } from '#server/config-error.ts';

describe('server settings from the environment', () => {
  it('has safe defaults: demo on, limits in memory, no proxy trusted', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ demo: true, redisUrl: undefined, rateLimitMax: 20, trustProxy: false });
  });

  it('in a terminal, outside production, talks to a person: plain lines, request logs quiet', () => {
    expect(loadConfig({}, true)).toMatchObject({ interactive: true, logLevel: 'warn' });
    expect(loadConfig({ LOG_LEVEL: 'debug' }, true)).toMatchObject({ interactive: true, logLevel: 'debug' });
    expect(loadConfig({ NODE_ENV: 'production' }, true)).toMatchObject({
      interactive: false,
      logLevel: 'info',
    });
    expect(loadConfig({}, false)).toMatchObject({ interactive: false, logLevel: 'info' });
  });

  it('turns the demo off with DEMO=0 and in production', () => {
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).demo).toBe(false);
  });

  it('refuses a limit that is not a whole number ≥ 1, naming the variable', () => {
    expect(() => loadConfig({ RATE_LIMIT_MAX: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ WINNERS_POLL_MS: 'szybko' })).toThrow(/WINNERS_POLL_MS/);
  });

  it('reads TRUST_PROXY as a number of proxies or their addresses', () => {
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('10.0.0.2', 1)]).toEqual([true, false]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });
});

// docs/decisions/storage.md#year-keys: the keys of the years, in a folder of their own.
describe('the year keys folder from the environment', () => {
  it('is DATA_DIR/year-keys, or YEAR_KEYS_DIR; with DATABASE_URL only YEAR_KEYS_DIR, shared by the servers', () => {
    expect(loadConfig({ DATA_DIR: '/srv/loteria' }).yearKeysDir).toBe('/srv/loteria/year-keys');
    expect(loadConfig({ YEAR_KEYS_DIR: '/srv/klucze-lat' }).yearKeysDir).toBe('/srv/klucze-lat');
    // Every server seals a statement's values with the folder's keys: one folder all see, named.
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/loteria' })).toThrow(
      /^przy DATABASE_URL ustaw YEAR_KEYS_DIR/,
    );
  });

  it('refuses a file, or DATA_DIR itself, naming YEAR_KEYS_DIR', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-config-')), 'plik');
    fs.writeFileSync(file, '');
    expect(() => loadConfig({ YEAR_KEYS_DIR: file })).toThrow(
      `YEAR_KEYS_DIR musi wskazywać folder, a wskazuje plik: ${file}`,
    );
    expect(() => loadConfig({ DATA_DIR: '/srv/loteria', YEAR_KEYS_DIR: '/srv/loteria/' })).toThrow(
      /^YEAR_KEYS_DIR musi być osobnym folderem, nie samym DATA_DIR/,
    );
    fs.rmSync(path.dirname(file), { recursive: true });
  });
});

describe('HTTP server limits and HSTS from the environment', () => {
  it('defaults to HSTS on, 10 s for headers, 120 s per request, 65 s idle, 4096 connections, 8 s to stop', () => {
    expect(loadConfig({})).toMatchObject({
      hsts: true,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 120_000,
      keepAliveTimeoutMs: 65_000,
      maxConnections: 4_096,
      shutdownTimeoutMs: 8_000,
    });
  });

  it('reads each from its variable', () => {
    const config = loadConfig({
      HSTS: '0',
      HEADERS_TIMEOUT_MS: '5000',
      REQUEST_TIMEOUT_MS: '30000',
      KEEP_ALIVE_TIMEOUT_MS: '5000',
      MAX_CONNECTIONS: '100',
      SHUTDOWN_TIMEOUT_MS: '20000',
    });
    expect(config).toMatchObject({
      hsts: false,
      headersTimeoutMs: 5_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 100,
      shutdownTimeoutMs: 20_000,
    });
  });

  it('says in Polish what a setting must be', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(
      'PORT musi być liczbą całkowitą od 0 do 65535, a jest: "70000"',
    );
    expect(() => loadConfig({ MAX_CONNECTIONS: '0' })).toThrow(
      'MAX_CONNECTIONS musi być liczbą całkowitą ≥ 1, a jest: "0"',
    );
    expect(() => loadConfig({ HSTS: 'tak' })).toThrow(
      'HSTS musi mieć wartość 1 (włączone) albo 0 (wyłączone), a ma: "tak"',
    );
    expect(() => loadConfig({ CAMPAIGN_NOW: 'jutro' })).toThrow(
      'CAMPAIGN_NOW musi być chwilą w zapisie ISO, np. 2025-07-01T12:00:00+02:00, a jest: "jutro"',
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      'DATABASE_URL musi zaczynać się od postgres:// albo postgresql://',
    );
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '30000' })).toThrow(
      'HEADERS_TIMEOUT_MS nie może być dłuższy niż REQUEST_TIMEOUT_MS',
    );
  });

  it('refuses what the server could not use, naming the variable', () => {
    expect(() => loadConfig({ HSTS: 'tak' })).toThrow(/HSTS/);
    expect(() => loadConfig({ MAX_CONNECTIONS: '0' })).toThrow(/MAX_CONNECTIONS/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '1.5' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '30000' })).toThrow(
      /HEADERS_TIMEOUT_MS.*REQUEST_TIMEOUT_MS/,
    );
  });
});
