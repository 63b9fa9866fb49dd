import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { prizes } from '#shared/campaign.ts';
import { COMPLAINT_PAGE_PATH } from '#shared/complaint/complaint-path.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

const STATEMENT_PAGE = 'src/client/features/statement/statement-page.tsx';
const tierValidator = (tierId: string) => `src/shared/statement/generated/tier-${tierId.toLowerCase()}.ts`;
const COMPLAINT_FORM = 'src/shared/complaint/complaint-form.ts';
const COMPLAINT_VALIDATOR = 'src/shared/statement/generated/complaint.ts';

/** The built files a lazy module needs (its own, its imports', their CSS), the app's entry excepted. */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || key === 'index.html' || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  chunk.css?.forEach((file) => seen.add(file));
  chunk.imports?.forEach((imported) => chunkFiles(manifest, imported, seen));
  return seen;
}

/** The built page, and the inline styles it carries as the Content-Security-Policy allows them. */
export interface PageTemplate {
  html: string;
  /** `'sha256-…'` sources for `style-src`, one per `<style>` element. */
  styleHashes: string[];
}

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;

/**
 * docs/performance.md#nothing-else-fetched-before-the-first-paint: the built index.html with the site's
 * stylesheet in the page (`<style>`); undefined where the client has not been built. The first paint then
 * waits for the HTML alone: on a phone's slow network that is one round trip less, and the connection the
 * page came on is free at once for the script that loads the app (Lighthouse counts every request that ends
 * before the largest paint into that paint's time). The Content-Security-Policy allows exactly these styles,
 * by their SHA-256, and no other inline style.
 */
export function readPageTemplate(clientDir: string): PageTemplate | undefined {
  const indexFile = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexFile)) return undefined;
  const styleHashes: string[] = [];
  const html = fs.readFileSync(indexFile, 'utf8').replace(STYLESHEET_LINK, (_link, file: string) => {
    // A `</style` in a CSS string would end the element early; `<\/style` means the same to CSS.
    const css = fs.readFileSync(path.join(clientDir, file), 'utf8').replace(/<\/style/gi, '<\\/style');
    styleHashes.push(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    return `<style>${css}</style>`;
  });
  return { html, styleHashes };
}

/**
 * A page path as the client router matches it: case-insensitive, a trailing slash ignored. So
 * `/Oswiadczenie-I-Stopnia/` is a statement page as much as `/oswiadczenie-i-stopnia`.
 */
export function pageKey(pathname: string): string {
  return pathname.toLowerCase().replace(/(.)\/+$/, '$1');
}

const statementPaths = new Set(prizes.tiers.map((tier) => pageKey(tier.path)));

/** Whether a page path shows a statement form (prizes.json `tiers[].path`), whatever its spelling. */
export function isStatementPage(pathname: string): boolean {
  return statementPaths.has(pageKey(pathname));
}

/** Whether a page path shows a form of the engine: a statement's, or the complaint's (/reklamacja). */
export function isFormPage(pathname: string): boolean {
  return isStatementPage(pathname) || pageKey(pathname) === COMPLAINT_PAGE_PATH;
}

/**
 * The page for each form's path (the statements', the complaint's). Its stylesheets (the page's and its imports') are linked in the head,
 * so the form's page the server rendered shows styled at the first paint; the modules of its page code and
 * its tier's validator are named in `<meta name="app-preload">`, which the boot script (src/client/boot.ts)
 * fetches alongside the app's entry after that paint (one round trip less before the form works on a
 * phone). Keyed by pageKey; other paths get the page as built.
 */
export function pagesByPath(clientDir: string, html: string): Map<string, string> {
  const pages = new Map<string, string>();
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return pages;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const forms: Array<[string, string[]]> = [
    ...prizes.tiers.map((tier): [string, string[]] => [tier.path, [tierValidator(tier.id)]]),
    // The complaint page is in the statement page's chunk; its form and validator are its own.
    [COMPLAINT_PAGE_PATH, [COMPLAINT_FORM, COMPLAINT_VALIDATOR]],
  ];
  for (const [pagePath, own] of forms) {
    const files = [
      ...own.reduce((seen, key) => chunkFiles(manifest, key, seen), chunkFiles(manifest, STATEMENT_PAGE)),
    ];
    const styles = files.filter((file) => file.endsWith('.css'));
    const modules = files.filter((file) => !file.endsWith('.css'));
    const head =
      styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('') +
      `<meta name="app-preload" content="${modules.map((file) => `/${file}`).join(' ')}">`;
    pages.set(pageKey(pagePath), html.replace('</head>', `${head}</head>`));
  }
  return pages;
}
