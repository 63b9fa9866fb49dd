import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isStatementPage, pageKey, pagesByPath } from '#server/page-html.ts';

const HTML =
  '<html><head><link rel="preload" href="/hero.svg" as="image" fetchpriority="high" />\n</head><body></body></html>';

// The shape Vite writes to dist/.vite/manifest.json.
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', css: ['assets/index-1.css'] },
  'src/client/features/statement/statement-page.tsx': {
    file: 'assets/statement-page-2.js',
    imports: ['index.html', '_validators-3.js', '_checksums-4.js'],
    css: ['assets/statement-page-2.css'],
  },
  '_validators-3.js': { file: 'assets/validators-3.js', imports: ['index.html'] },
  '_checksums-4.js': { file: 'assets/checksums-4.js' },
  'src/shared/statement/generated/tier-iii.ts': {
    file: 'assets/tier-iii-5.js',
    imports: ['_checksums-4.js'],
  },
  'src/shared/statement/generated/tier-i.ts': { file: 'assets/tier-i-6.js', imports: ['_checksums-4.js'] },
};

const stylesheets = (html: string) =>
  [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
/** What the boot script fetches after the first paint: <meta name="app-preload">. */
const preloaded = (html: string) =>
  html.match(/<meta name="app-preload" content="([^"]*)">/)?.[1]?.split(' ');
const fetchedBeforePaint = (html: string) =>
  [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => m[2]);

describe('statement pages', () => {
  it('link their CSS, name their page code and own tier validator for after the first paint, once each', () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-client-'));
    fs.mkdirSync(path.join(clientDir, '.vite'));
    fs.writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    const pages = pagesByPath(clientDir, HTML);
    const tierIII = pages.get('/oswiadczenie-iii-stopnia')!;
    // Styled at the first paint: the page the server rendered needs its CSS.
    expect(stylesheets(tierIII)).toEqual(['/assets/statement-page-2.css']);
    expect(preloaded(tierIII)).toEqual([
      '/assets/statement-page-2.js',
      '/assets/validators-3.js',
      '/assets/checksums-4.js',
      '/assets/tier-iii-5.js',
    ]);
    // Nothing fetched before the first paint but the CSS: not the modules, not the landing page's hero.
    expect(fetchedBeforePaint(tierIII)).toEqual([]);
    expect(preloaded(pages.get('/oswiadczenie-i-stopnia')!)).toContain('/assets/tier-i-6.js');
    expect(pages.has('/')).toBe(false);
    fs.rmSync(clientDir, { recursive: true });
  });

  it('are the page as built when there is no manifest', () => {
    expect(pagesByPath('/nonexistent', HTML).size).toBe(0);
  });

  it('are told by their path as the client router matches it: any letter case, a trailing slash', () => {
    expect(isStatementPage('/oswiadczenie-iii-stopnia')).toBe(true);
    expect(isStatementPage('/Oswiadczenie-III-Stopnia/')).toBe(true);
    expect(isStatementPage('/')).toBe(false);
    expect(isStatementPage('/oswiadczenie-iii-stopnia-x')).toBe(false);
  });

  it('get their modules however their path is spelt', () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-client-'));
    fs.mkdirSync(path.join(clientDir, '.vite'));
    fs.writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    const pages = pagesByPath(clientDir, HTML);
    expect(pages.get(pageKey('/Oswiadczenie-III-Stopnia/'))).toContain('/assets/tier-iii-5.js');
    fs.rmSync(clientDir, { recursive: true });
  });
});
