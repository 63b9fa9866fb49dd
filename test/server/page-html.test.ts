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

const hints = (html: string) =>
  [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => m[2]);

describe('statement pages', () => {
  it('preload their page code, CSS and own tier validator, once each, and not the landing hero', () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-client-'));
    fs.mkdirSync(path.join(clientDir, '.vite'));
    fs.writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    const pages = pagesByPath(clientDir, HTML);
    expect(hints(pages.get('/oswiadczenie-iii-stopnia')!)).toEqual([
      '/assets/statement-page-2.js',
      '/assets/statement-page-2.css',
      '/assets/validators-3.js',
      '/assets/checksums-4.js',
      '/assets/tier-iii-5.js',
    ]);
    expect(hints(pages.get('/oswiadczenie-i-stopnia')!)).toContain('/assets/tier-i-6.js');
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

  it('get their preload hints however their path is spelt', () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-client-'));
    fs.mkdirSync(path.join(clientDir, '.vite'));
    fs.writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    const pages = pagesByPath(clientDir, HTML);
    expect(pages.get(pageKey('/Oswiadczenie-III-Stopnia/'))).toContain('/assets/tier-iii-5.js');
    fs.rmSync(clientDir, { recursive: true });
  });
});
