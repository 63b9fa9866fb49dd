import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { productionPanelProblem } from '#server/staff/settings.ts';

describe('the panel’s settings', () => {
  it('takes its origin from PUBLIC_URL, or PANEL_HOST with PUBLIC_URL’s scheme', () => {
    expect(loadConfig({ PORT: '3000' }).panel).toEqual({
      origin: 'http://localhost:3000',
      rpId: 'localhost',
      host: 'localhost:3000',
      hostOnly: false,
      secureCookie: false,
      undoWindowMs: 120_000,
    });
    expect(
      loadConfig({ PUBLIC_URL: 'https://loteria.example.pl', PANEL_HOST: 'panel.intranet.example.pl:8443' })
        .panel,
    ).toEqual({
      origin: 'https://panel.intranet.example.pl:8443',
      rpId: 'panel.intranet.example.pl',
      host: 'panel.intranet.example.pl:8443',
      hostOnly: true,
      secureCookie: true,
      undoWindowMs: 120_000,
    });
  });

  it('takes a shorter undo window for decisions, never a longer one than 2 minutes', () => {
    expect(loadConfig({ UNDO_WINDOW_MS: '30000' }).panel.undoWindowMs).toBe(30_000);
    for (const value of ['120001', '999', 'dwie minuty'])
      expect(() => loadConfig({ UNDO_WINDOW_MS: value })).toThrow(
        /^UNDO_WINDOW_MS musi być liczbą milisekund od 1000 do 120000/,
      );
  });

  it('refuses a PANEL_HOST that is not a host name, in Polish', () => {
    for (const value of ['https://panel.example.pl', 'panel.example.pl/panel', 'pan el'])
      expect(() => loadConfig({ PANEL_HOST: value })).toThrow(/^PANEL_HOST musi być nazwą hosta panelu/);
  });

  it('in production wants HTTPS for the panel, where passkeys and the Secure cookie work', () => {
    const problem = (env: NodeJS.ProcessEnv) => productionPanelProblem(loadConfig(env).panel);
    expect(problem({ PUBLIC_URL: 'http://loteria.example.pl' })).toMatch(
      /^panel pracowników działa tylko pod adresem https:\/\//,
    );
    expect(problem({ PUBLIC_URL: 'https://loteria.example.pl' })).toBeUndefined();
    expect(
      problem({ PUBLIC_URL: 'https://loteria.example.pl', PANEL_HOST: 'panel.internal' }),
    ).toBeUndefined();
    expect(problem({})).toBeUndefined();
  });
});
