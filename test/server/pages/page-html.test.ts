import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  isFormPage,
  isStatementPage,
  pageKey,
  pagesByPath,
  readPageTemplate,
} from '#server/pages/page-html.ts';

const HTML = '<html><head><title>t</title>\n</head><body></body></html>';

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
  'src/shared/complaint/complaint-form.ts': { file: 'assets/complaint-form-7.js', imports: ['index.html'] },
  'src/shared/statement/generated/complaint.ts': { file: 'assets/complaint-8.js', imports: [] },
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
    // Nothing fetched before the first paint but the CSS: not the modules.
    expect(fetchedBeforePaint(tierIII)).toEqual([]);
    expect(preloaded(pages.get('/oswiadczenie-i-stopnia')!)).toContain('/assets/tier-i-6.js');
    expect(pages.has('/')).toBe(false);
    fs.rmSync(clientDir, { recursive: true });
  });

  it('include the complaint page: the statement page code, with its own form and validator', () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-client-'));
    fs.mkdirSync(path.join(clientDir, '.vite'));
    fs.writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    const complaint = pagesByPath(clientDir, HTML).get('/reklamacja')!;
    expect(stylesheets(complaint)).toEqual(['/assets/statement-page-2.css']);
    expect(preloaded(complaint)).toEqual([
      '/assets/statement-page-2.js',
      '/assets/validators-3.js',
      '/assets/checksums-4.js',
      '/assets/complaint-form-7.js',
      '/assets/complaint-8.js',
    ]);
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
    expect(isFormPage('/Reklamacja/')).toBe(true);
    expect(isStatementPage('/reklamacja')).toBe(false);
    expect(isFormPage('/reklamacja-x')).toBe(false);
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

describe('the page template', () => {
  it('carries the built stylesheets in the page, each allowed by its SHA-256', () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    const css = 'body{color:red}';
    // A `</style` inside a CSS string must not end the element.
    const quoting = '.x::after{content:"</style>"}';
    fs.writeFileSync(path.join(clientDir, 'assets', 'index-1.css'), css);
    fs.writeFileSync(path.join(clientDir, 'assets', 'extra-2.css'), quoting);
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      '<html><head><link rel="stylesheet" crossorigin href="/assets/index-1.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/extra-2.css"></head><body></body></html>',
    );
    const template = readPageTemplate(clientDir)!;
    const escaped = '.x::after{content:"<\\/style>"}';
    expect(template.html).toBe(
      `<html><head><style>${css}</style><style>${escaped}</style></head><body></body></html>`,
    );
    const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(template.styleHashes).toEqual([sha256(css), sha256(escaped)]);
    fs.rmSync(clientDir, { recursive: true });
  });

  it('is none where the client has not been built', () => {
    expect(readPageTemplate('/nonexistent')).toBeUndefined();
  });
});
