import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { calendarStretch, prizes } from '#shared/campaign.ts';
import { cachedBody, writeCachedBody, type CachedBody } from '../http/cached-body';
import { serverBuildFile } from './client-build';
import { isFormPage, pageKey, pagesByPath } from './page-html';
import { isPanelPath, pathOnly } from '../http/path-only';

/** src/client/entry-server.tsx, as built for Node. */
type RenderPage = (location: string, nowMs: number) => Promise<string>;

const HOME_PATHS = new Set(['/', '/s']);
const HASH_TIER_PATHS = new Set(
  prizes.tiers.filter((tier) => tier.claimBy === 'hash').map((tier) => pageKey(tier.path)),
);

/**
 * What a page's first render reads of its address: the route, and on a hash tier's page whether the
 * e-mailed link's hash is there (without it the page says where to find the link). Everything else of the
 * query (the hash's value, the opt-out's parameters) is read in the browser after hydration. Undefined
 * for a path that is no page of the site.
 */
export function renderedLocation(url: string): string | undefined {
  const path = pathOnly(url);
  const key = pageKey(path);
  if (HOME_PATHS.has(key)) return key;
  if (!isFormPage(key)) return undefined;
  const query = url.slice(path.length + 1);
  return HASH_TIER_PATHS.has(key) && new URLSearchParams(query).get('hash') ? `${key}?hash=-` : key;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * docs/performance.md#page-cache: the pages as React renders them on the server (entry-server.tsx), kept in
 * memory, compressed, per rendered location and per stretch of the campaign's calendar (calendarStretch): a
 * page is rendered again only when a phase or a notice period starts or ends. A page that fails to render is
 * sent empty, as before server rendering: the browser then renders it itself.
 */
export class PageCache {
  private pages = new Map<string, Promise<CachedBody>>();
  private stretch: number | undefined;

  private constructor(
    private readonly options: {
      render: RenderPage;
      template: (location: string) => string;
      now: () => number;
      pinned: boolean;
      headers: Record<string, string>;
      log: FastifyBaseLogger;
    },
  ) {}

  /** `html`: the built page (readPageTemplate). */
  static async load(
    clientDir: string,
    html: string,
    options: { now: () => number; pinned: boolean; headers: Record<string, string>; log: FastifyBaseLogger },
  ): Promise<PageCache> {
    const statementPages = pagesByPath(clientDir, html);
    const { renderPage } = (await import(pathToFileURL(serverBuildFile(clientDir)).href)) as {
      renderPage: RenderPage;
    };
    return new PageCache({
      ...options,
      render: renderPage,
      template: (location) => statementPages.get(pathOnly(location)) ?? html,
    });
  }

  /** The page an address shows; undefined for a path that is no page of the site. */
  get(url: string): Promise<CachedBody> | undefined {
    const location = renderedLocation(url);
    if (location === undefined) return undefined;
    const nowMs = this.options.now();
    const stretch = calendarStretch(nowMs);
    if (stretch !== this.stretch) {
      this.pages.clear();
      this.stretch = stretch;
    }
    let page = this.pages.get(location);
    if (!page) {
      page = this.build(location, nowMs);
      this.pages.set(location, page);
    }
    return page;
  }

  private async build(location: string, nowMs: number): Promise<CachedBody> {
    const { render, template, pinned, headers, log } = this.options;
    let content = '';
    try {
      content = await render(location, nowMs);
    } catch (error) {
      // Name only: a message could quote content; the page still works, rendered by the browser.
      log.error({ error: { name: (error as Error).name }, location }, 'page render failed');
    }
    const instant = escapeAttribute(new Date(nowMs).toISOString());
    // The browser's clock agrees with the one the page was rendered for (src/client/lib/clock.ts).
    const meta = pinned
      ? `<meta name="campaign-now" content="${instant}">`
      : `<meta name="rendered-at" content="${instant}">`;
    const html = template(location)
      .replace('</head>', `${meta}</head>`)
      .replace('<div id="root"></div>', `<div id="root">${content}</div>`);
    // docs/decisions/security.md#caching-and-hsts: a form (a statement, a complaint) is no page to keep (nor
    // to restore with its data from the back cache).
    const cacheControl = isFormPage(pathOnly(location)) ? 'no-store' : 'no-cache';
    return cachedBody(html, 'text/html; charset=utf-8', { ...headers, 'cache-control': cacheControl });
  }

  /**
   * A GET or HEAD of a page path (no file extension, not the API) answered from memory: the page, or a
   * redirect home for a path that is none (the browser's router did that before). False for other requests.
   */
  handle(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = pathOnly(url);
    if (pathname.startsWith('/api/') || isPanelPath(pathname) || path.extname(pathname)) return false;
    const page = this.get(url);
    if (!page) {
      response.writeHead(302, { ...this.options.headers, location: '/', 'cache-control': 'no-cache' }).end();
      return true;
    }
    void page.then((body) => writeCachedBody(request, response, body));
    return true;
  }
}
