import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import { writeCachedBody, type CachedBody } from '../http/cached-body';
import type { WinnersCache, WinnersLists } from './winners-cache';

/** spec §7: the two lists every visitor reads, by their full path. */
const LISTS: Record<string, (lists: WinnersLists) => CachedBody> = {
  '/api/publish-winners': (lists) => lists.publishWinners,
  '/api/WinnersList': (lists) => lists.winnersList,
};

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
    writeCachedBody(request, response, pick(winners.current));
    return true;
  };
}

/** spec §7: GET publish-winners and GET WinnersList, served from memory (docs/decisions/landing.md#winners-lists). */
export const winnersRoutes: FastifyPluginAsync<{ winners: WinnersCache }> = async (app, { winners }) => {
  for (const [url, pick] of Object.entries(LISTS)) {
    // logLevel: every visitor reads these lists; a log line per read would cost a third of the
    // throughput (npm run bench). Failures are still logged.
    app.get(url.replace(/^\/api/, ''), { logLevel: 'warn' }, (request, reply) => {
      reply.hijack();
      writeCachedBody(request.raw, reply.raw, pick(winners.current));
    });
  }
};
