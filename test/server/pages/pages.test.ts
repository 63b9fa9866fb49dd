import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderedLocation } from '#server/pages/pages.ts';
import { calendarStretch, phaseAt } from '#shared/campaign.ts';
import { warsawLocalToInstant } from '#shared/warsaw-time.ts';
import { createHash } from 'node:crypto';
import { FAKE_STYLESHEET, fakeClientBuild, fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { storageTargets } from '../helpers/storage-targets';

declare global {
  var renders: number | undefined;
  var failRender: boolean | undefined;
}

describe('what a page render reads of its address', () => {
  it('takes the route whatever its spelling, and on a hash tier page only whether a hash is there', () => {
    expect(renderedLocation('/?action=resign&hash=abc')).toBe('/');
    expect(renderedLocation('/S/')).toBe('/s');
    expect(renderedLocation('/Oswiadczenie-I-Stopnia/?hash=abc')).toBe('/oswiadczenie-i-stopnia?hash=-');
    expect(renderedLocation('/oswiadczenie-i-stopnia?hash=')).toBe('/oswiadczenie-i-stopnia');
    expect(renderedLocation('/Reklamacja/?x=1')).toBe('/reklamacja');
    expect(renderedLocation('/oswiadczenie-i-stopnia')).toBe('/oswiadczenie-i-stopnia');
    // Tier III is claimed by its code: a hash changes nothing there.
    expect(renderedLocation('/oswiadczenie-iii-stopnia?hash=abc')).toBe('/oswiadczenie-iii-stopnia');
    expect(renderedLocation('/nie-ma-takiej')).toBeUndefined();
  });
});

describe('server-rendered pages', () => {
  const sqlite = storageTargets[0]!;
  const clientDir = fakeClientBuild();
  const summer = warsawLocalToInstant('2025-07-10T12:00:00');
  let nowMs = summer;
  let t: TestApp;

  beforeAll(async () => {
    // The app's clock: moved by the tests below.
    t = await openTestApp(sqlite, { clientDir }, fakeClock({ campaign: () => nowMs }));
  });
  beforeEach(() => {
    nowMs = summer;
    globalThis.renders = 0;
    globalThis.failRender = false;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it("sends the page's rendered content in the root, with the instant it was rendered for", async () => {
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain(
      `<div id="root"><p data-location="/">${new Date(summer).toISOString()}</p></div>`,
    );
    expect(page.body).toContain(`<meta name="rendered-at" content="${new Date(summer).toISOString()}">`);
  });

  it('carries its stylesheet, which the Content-Security-Policy allows by its hash alone', async () => {
    const page = await get('/oswiadczenie-i-stopnia');
    expect(page.body).toContain(`<style>${FAKE_STYLESHEET}</style>`);
    expect(page.body).not.toContain('rel="stylesheet"');
    const hash = createHash('sha256').update(FAKE_STYLESHEET).digest('base64');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`style-src 'self' 'sha256-${hash}';`);
    expect(csp).not.toContain('unsafe-inline');
  });

  it('renders a page once per stretch of the calendar, and again when a phase starts', async () => {
    const spring = warsawLocalToInstant('2025-05-10T12:00:00');
    nowMs = spring;
    await get('/');
    nowMs = spring + 60_000;
    const later = await get('/?action=resign&hash=abc');
    expect(globalThis.renders).toBe(1);
    expect(later.body).toContain(new Date(spring).toISOString());

    const end = phaseAt(spring)!.end;
    nowMs = warsawLocalToInstant(end) + 2_000;
    expect(calendarStretch(nowMs)).not.toBe(calendarStretch(spring));
    const nextPhase = await get('/');
    expect(globalThis.renders).toBe(2);
    expect(nextPhase.body).toContain(new Date(nowMs).toISOString());
  });

  it('answers 304 to a current copy and sends the encoding the browser takes', async () => {
    const first = await get('/', { 'accept-encoding': 'br, gzip' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    const again = await get('/', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('renders a hash tier page apart with and without its link, and sends both as no-store', async () => {
    const withLink = await get('/oswiadczenie-i-stopnia?hash=abc');
    const withOther = await get('/Oswiadczenie-I-Stopnia?hash=def');
    const without = await get('/oswiadczenie-i-stopnia');
    expect(withLink.body).toContain('data-location="/oswiadczenie-i-stopnia?hash=-"');
    expect(withOther.body).toBe(withLink.body);
    expect(without.body).toContain('data-location="/oswiadczenie-i-stopnia"');
    expect(globalThis.renders).toBe(2);
    expect(withLink.headers['cache-control']).toBe('no-store');
  });

  it('sends a path that is no page home', async () => {
    const page = await get('/nie-ma-takiej?x=1');
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/');
  });

  it('sends a page that failed to render empty, for the browser to render, and logs no message', async () => {
    nowMs = warsawLocalToInstant('2025-09-20T12:00:00');
    globalThis.failRender = true;
    const page = await get('/s');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    const logged = t.logs.join('');
    expect(logged).toContain('page render failed');
    expect(logged).not.toContain('44051401458');
  });
});

describe('a pinned clock (CAMPAIGN_NOW)', () => {
  it('is written into the page for the browser to keep', async () => {
    const clientDir = fakeClientBuild();
    const pinned = Date.parse('2025-09-05T10:00:00.000Z');
    const t = await openTestApp(
      storageTargets[0]!,
      { clientDir, campaignNowMs: pinned },
      fakeClock({ campaign: () => pinned }),
    );
    try {
      const page = await t.app.inject({ method: 'GET', url: '/' });
      expect(page.body).toContain('<meta name="campaign-now" content="2025-09-05T10:00:00.000Z">');
      expect(page.body).not.toContain('rendered-at');
    } finally {
      await t.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
