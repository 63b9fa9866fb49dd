import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

describe('server settings from the environment', () => {
  it('has safe defaults: demo on, limits in memory, no proxy trusted', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ demo: true, redisUrl: undefined, rateLimitMax: 20, trustProxy: false });
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
