import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import type { CachedBody, WinnersCache, WinnersLists } from '../winners/cache';
import { API_HEADERS } from '../security-headers';

// Browsers and proxies keep a copy but ask again each time; an unchanged list costs a 304.
const CACHE_CONTROL = 'public, no-cache';

/** spec §7: the two lists every visitor reads, by their full path. */
const LISTS: Record<string, (lists: WinnersLists) => CachedBody> = {
  '/api/publish-winners': (lists) => lists.publishWinners,
  '/api/WinnersList': (lists) => lists.winnersList,
};

function preferredEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => q === undefined || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true; // what browsers send back: no parsing needed
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
}

interface ListHeaders {
  notModified: Record<string, string>;
  ok: Record<'br' | 'gzip' | 'identity', Record<string, string | number>>;
}

// Per data version, the header sets of a list are built once: the hot path only picks one.
const headersOfBody = new WeakMap<CachedBody, ListHeaders>();

function listHeaders(body: CachedBody): ListHeaders {
  let headers = headersOfBody.get(body);
  if (!headers) {
    const notModified = {
      ...API_HEADERS,
      etag: body.etag,
      'cache-control': CACHE_CONTROL,
      vary: 'accept-encoding',
    };
    const ok = (encoding: 'br' | 'gzip' | 'identity') => ({
      ...notModified,
      'content-type': 'application/json; charset=utf-8',
      'content-length': body[encoding].length,
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    });
    headers = { notModified, ok: { br: ok('br'), gzip: ok('gzip'), identity: ok('identity') } };
    headersOfBody.set(body, headers);
  }
  return headers;
}

/** A list from memory, precompressed, straight to the node response: 304 when the copy is current. */
function writeList(request: IncomingMessage, response: ServerResponse, body: CachedBody) {
  const headers = listHeaders(body);
  if (matches(request.headers['if-none-match'], body.etag)) {
    response.writeHead(304, headers.notModified).end();
    return;
  }
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  response.writeHead(200, headers.ok[encoding]);
  response.end(request.method === 'HEAD' ? undefined : body[encoding]);
}

/**
 * The hot path, in front of Fastify (app.ts serverFactory): after a draw everybody reads these lists at
 * once, and Fastify's per-request work cost 30–40 % of the 304 throughput (npm run bench). It takes only
 * a plain GET of the exact path; anything else (a query string, HEAD, inject in tests) goes to Fastify,
 * whose routes below answer with the same function.
 */
export function winnersFastPath(winners: WinnersCache) {
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    const pick = request.method === 'GET' ? LISTS[request.url ?? ''] : undefined;
    if (!pick) return false;
    writeList(request, response, pick(winners.current));
    return true;
  };
}

/** spec §7: GET publish-winners and GET WinnersList, served from memory (issue 5). */
export const winnersRoutes: FastifyPluginAsync<{ winners: WinnersCache }> = async (app, { winners }) => {
  for (const [url, pick] of Object.entries(LISTS)) {
    // logLevel: every visitor reads these lists; a log line per read would cost a third of the
    // throughput (npm run bench). Failures are still logged.
    app.get(url.replace(/^\/api/, ''), { logLevel: 'warn' }, (request, reply) => {
      reply.hijack();
      writeList(request.raw, reply.raw, pick(winners.current));
    });
  }
};
