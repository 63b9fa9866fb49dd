import fs from 'node:fs';
import path from 'node:path';
import { prizes } from '#shared/campaign.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

const STATEMENT_PAGE = 'src/client/features/statement/statement-page.tsx';
const tierValidator = (tierId: string) => `src/shared/statement/generated/tier-${tierId.toLowerCase()}.ts`;

/** The built files a lazy module needs (its own, its imports', their CSS), the app's entry excepted. */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || key === 'index.html' || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  chunk.css?.forEach((file) => seen.add(file));
  chunk.imports?.forEach((imported) => chunkFiles(manifest, imported, seen));
  return seen;
}

const hint = (file: string) =>
  file.endsWith('.css')
    ? `<link rel="preload" as="style" crossorigin href="/${file}">`
    : `<link rel="modulepreload" crossorigin href="/${file}">`;

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

/**
 * The page for each statement path, with preload hints for its page code, its tier's validator and their
 * CSS: the browser fetches them alongside the app's entry instead of after it has run (one round trip
 * less before the form shows on a phone). Keyed by pageKey; other paths get the page as built.
 */
export function pagesByPath(clientDir: string, html: string): Map<string, string> {
  const pages = new Map<string, string>();
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return pages;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  for (const tier of prizes.tiers) {
    const files = chunkFiles(manifest, tierValidator(tier.id), chunkFiles(manifest, STATEMENT_PAGE));
    const page = html
      // The landing page's hero is preloaded from index.html; a statement page does not show it.
      .replace(/<link rel="preload" href="[^"]*" as="image"[^>]*>\s*/, '')
      .replace('</head>', `${[...files].map(hint).join('')}</head>`);
    pages.set(pageKey(tier.path), page);
  }
  return pages;
}
