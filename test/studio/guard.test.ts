import { describe, expect, it } from 'vitest';
import { refusal } from '#studio/server/guard.ts';

const PORT = 5180;
const ask = (method: string, headers: Record<string, string>) => refusal({ method, headers }, PORT);

describe('the studio answers only its own address, and takes changes only from its own pages', () => {
  it('reads from 127.0.0.1 and localhost on its port', () => {
    expect(ask('GET', { host: '127.0.0.1:5180' })).toBeUndefined();
    expect(ask('GET', { host: 'LOCALHOST:5180' })).toBeUndefined();
  });

  it('refuses any other Host: another name resolving to this machine, another port, none', () => {
    for (const host of ['attacker.example:5180', '127.0.0.1:80', '10.0.0.5:5180', '[::1]:5180', '']) {
      expect(ask('GET', { host })).toEqual({
        status: 403,
        message: 'Studio formularzy odpowiada tylko pod adresem http://127.0.0.1:5180/studio.',
      });
    }
  });

  it('saves only from its own Origin; a missing Origin is no permission', () => {
    const host = '127.0.0.1:5180';
    expect(ask('POST', { host, origin: 'http://127.0.0.1:5180' })).toBeUndefined();
    expect(ask('POST', { host, origin: 'http://localhost:5180' })).toBeUndefined();
    for (const origin of ['http://attacker.example', 'http://127.0.0.1:5181', 'null']) {
      expect(ask('POST', { host, origin })?.status).toBe(403);
    }
    expect(ask('POST', { host })?.message).toBe(
      'Zmiany przyjmuje tylko studio otwarte pod adresem http://127.0.0.1:5180/studio.',
    );
    expect(ask('DELETE', { host, origin: 'http://127.0.0.1:5180' })?.status).toBe(405);
  });
});
