import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { panelBuildDir } from '#server/pages/client-build.ts';
import { parsePanelSettings } from '#server/staff/settings.ts';
import { fakeClientBuild, openTestApp, type TestApp } from '../helpers/app';
import { storageTargets } from '../helpers/storage-targets';

const PANEL_HTML = '<!doctype html><html lang="pl"><body><div id="panel"></div></body></html>';

/** The fake client build with a panel bundle beside it, as npm run build makes (dist/.panel). */
function buildWithPanel(): string {
  const clientDir = fakeClientBuild();
  const panelDir = panelBuildDir(clientDir);
  fs.mkdirSync(path.join(panelDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(panelDir, 'index.html'), PANEL_HTML);
  fs.writeFileSync(path.join(panelDir, 'assets', 'panel-abc123.js'), 'console.log(1)');
  return clientDir;
}

describe('the panel’s pages', () => {
  const clientDir = buildWithPanel();
  let t: TestApp;
  let onlyHost: TestApp;
  let publicSite: TestApp;
  beforeAll(async () => {
    publicSite = await openTestApp(storageTargets[0]!, {
      clientDir,
      panel: parsePanelSettings({}, 'https://loteria.example.pl'),
    });
    t = await openTestApp(storageTargets[0]!, {
      clientDir,
      panel: parsePanelSettings({}, 'http://localhost:3000'),
    });
    onlyHost = await openTestApp(storageTargets[0]!, {
      clientDir,
      panel: parsePanelSettings({ PANEL_HOST: 'panel.internal:8443' }, 'https://loteria.example.pl'),
    });
  });
  afterAll(async () => {
    await t.close();
    await onlyHost.close();
    await publicSite.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (app: TestApp, url: string, host = 'localhost:3000') =>
    app.app.inject({ method: 'GET', url, headers: { host } });

  it.each(['/panel', '/panel/', '/panel/logowanie', '/panel/zespol?x=1'])(
    'answers %s with the panel’s page: no-store, its own strict CSP, never the participant’s page',
    async (url) => {
      const page = await get(t, url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(PANEL_HTML);
      expect(page.headers['cache-control']).toBe('no-store');
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("form-action 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('youtube');
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    },
  );

  it('serves its built files as immutable, and a missing one as a 404', async () => {
    const asset = await get(t, '/panel/assets/panel-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(t, '/panel/assets/nie-ma.js')).statusCode).toBe(404);
    expect((await get(t, '/panel/api/nie-ma')).json()).toEqual({ message: 'Nie znaleziono.' });
  });

  it('sends a page asked for under another host name to the panel’s own origin, where passkeys work', async () => {
    const elsewhere = await get(t, '/panel/logowanie', '127.0.0.1:3000');
    expect(elsewhere.statusCode).toBe(302);
    expect(elsewhere.headers.location).toBe('http://localhost:3000/panel/logowanie');
  });

  it('behind a proxy (not localhost) answers whatever the Host: a proxy that rewrites it must not loop', async () => {
    const proxied = await get(publicSite, '/panel/logowanie', '10.0.0.5:3000');
    expect(proxied.statusCode).toBe(200);
    expect(proxied.body).toBe(PANEL_HTML);
  });

  it('with PANEL_HOST answers that host alone: the public host has no panel at all', async () => {
    expect((await get(onlyHost, '/panel', 'panel.internal:8443')).statusCode).toBe(200);
    for (const url of ['/panel', '/panel/logowanie', '/panel/assets/panel-abc123.js', '/panel/api/session']) {
      const answer = await get(onlyHost, url, 'loteria.example.pl');
      expect(answer.statusCode, url).toBe(404);
    }
  });
});
