import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { ConfigError } from '#server/config-error.ts';
import { productionMailProblem, smtpServer } from '#server/mail/settings.ts';

// docs/decisions/mail.md#transport: where mail goes, from the environment.
describe('mail settings', () => {
  it('delivers to the development mailbox without SMTP_URL, with links to the local site', () => {
    expect(loadConfig({ PORT: '3100' }).mail).toEqual({
      delivery: { via: 'mailbox' },
      from: 'Wakacyjna Loteria <loteria@example.pl>',
      publicUrl: 'http://localhost:3100',
      leaseMs: undefined,
    });
  });

  it('sends through SMTP_URL, from MAIL_FROM, with links to PUBLIC_URL; MAIL=off sends nothing', () => {
    const { mail } = loadConfig({
      SMTP_URL: 'smtp://loteria:tajne@smtp.example.pl:587',
      MAIL_FROM: 'Loteria <powiadomienia@loteria.example.pl>',
      PUBLIC_URL: 'https://loteria.example.pl/',
    });
    expect(mail).toMatchObject({
      delivery: { via: 'smtp', url: 'smtp://loteria:tajne@smtp.example.pl:587', dkim: undefined },
      from: 'Loteria <powiadomienia@loteria.example.pl>',
      publicUrl: 'https://loteria.example.pl',
    });
    expect(loadConfig({ MAIL: 'off', SMTP_URL: 'smtp://smtp.example.pl' }).mail.delivery).toEqual({
      via: 'off',
    });
  });

  it('requires STARTTLS on smtp:// unless the host is the machine itself or the URL says ?tls=off', () => {
    const requires = (url: string) => smtpServer(url).requireTLS;
    expect(requires('smtp://loteria:tajne@smtp.example.pl:587')).toBe(true);
    expect(requires('smtp://192.0.2.2:25')).toBe(true);
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.0.0.2', '[::1]', '[::ffff:127.0.0.1]'])
      expect(requires(`smtp://loteria:tajne@${host}:25`)).toBe(false);
    // The parameter is ours: nodemailer does not see it.
    expect(smtpServer('smtp://loteria:tajne@smtp.example.pl:25?tls=off')).toEqual({
      url: 'smtp://loteria:tajne@smtp.example.pl:25',
      requireTLS: false,
    });
    // TLS from the start.
    expect(requires('smtps://loteria:tajne@smtp.example.pl')).toBe(false);
  });

  it('signs with DKIM for the sender domain when given a selector and a key file', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dkim-')), 'dkim.pem');
    fs.writeFileSync(file, '-----BEGIN PRIVATE KEY-----\n…\n-----END PRIVATE KEY-----\n');
    const { delivery } = loadConfig({
      SMTP_URL: 'smtps://smtp.example.pl',
      MAIL_FROM: 'Loteria <loteria@loteria.example.pl>',
      DKIM_SELECTOR: 'loteria2025',
      DKIM_PRIVATE_KEY_FILE: file,
    }).mail;
    expect(delivery).toMatchObject({
      dkim: { domainName: 'loteria.example.pl', keySelector: 'loteria2025' },
    });
    expect(() => loadConfig({ SMTP_URL: 'smtp://h', DKIM_SELECTOR: 'x' })).toThrow(/DKIM_PRIVATE_KEY_FILE/);
  });

  it('refuses what it cannot use, naming the setting in Polish and never quoting a password', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://tajne@smtp.example.pl' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'http://tajne@smtp.example.pl' })).toThrow(
      /^SMTP_URL musi mieć postać/,
    );
    expect(() => loadConfig({ SMTP_URL: 'http://tajne@smtp.example.pl' })).not.toThrow(/tajne/);
    for (const [query, named] of [
      ['tls=on', 'tls=on'],
      ['tls=', 'tls='],
      ['tls=off&tls=off', 'tls=off, tls=off'],
      ['requireTLS=false', 'requireTLS'],
      ['tls.rejectUnauthorized=false', 'tls.rejectUnauthorized'],
    ])
      expect(() => loadConfig({ SMTP_URL: `smtp://loteria:tajne@smtp.example.pl:587?${query}` })).toThrow(
        new ConfigError(
          `SMTP_URL może mieć tylko parametr tls=off (wysyłka bez wymogu STARTTLS), a ma: ${named}`,
        ),
      );
    expect(() => loadConfig({ PUBLIC_URL: 'loteria.example.pl' })).toThrow(
      /^PUBLIC_URL musi być adresem strony/,
    );
    expect(() => loadConfig({ PUBLIC_URL: 'https://loteria.example.pl/oswiadczenie' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ MAIL_FROM: 'loteria' })).toThrow(/^MAIL_FROM musi być adresem/);
    expect(() => loadConfig({ MAIL: 'nie' })).toThrow(/^MAIL może mieć wartość off/);
    expect(() => loadConfig({ MAIL_LEASE_MS: '10' })).toThrow(/^MAIL_LEASE_MS/);
  });

  it('in production, asks for SMTP_URL (or MAIL=off), PUBLIC_URL and MAIL_FROM', () => {
    const problem = (env: NodeJS.ProcessEnv) => productionMailProblem(env, loadConfig(env).mail);
    const production = { NODE_ENV: 'production' };
    expect(problem(production)).toMatch(/^brak SMTP_URL: .*MAIL=off/);
    expect(problem({ ...production, MAIL: 'off' })).toBeUndefined();
    const smtp = { ...production, SMTP_URL: 'smtp://smtp.example.pl' };
    expect(problem(smtp)).toMatch(/^brak PUBLIC_URL/);
    expect(problem({ ...smtp, PUBLIC_URL: 'https://loteria.example.pl' })).toMatch(/^brak MAIL_FROM/);
    expect(
      problem({ ...smtp, PUBLIC_URL: 'https://loteria.example.pl', MAIL_FROM: 'loteria@loteria.example.pl' }),
    ).toBeUndefined();
  });

  it('a production server without SMTP_URL does not start, and says why', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-mail-'));
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', SMTP_URL: '', MAIL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(started.status).toBe(1);
    expect(started.stderr).toMatch(/^Błąd konfiguracji: brak SMTP_URL: w produkcji serwer wysyła pocztę/m);
  });
});
