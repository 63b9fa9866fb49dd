import fp from 'fastify-plugin';
import apiMessages from '#content/api-messages.json';
import { ERROR_REPORT_CALL } from '../routes/error-reports';
import { STATEMENT_LINK_CALL } from '../routes/statement-link';
import { STATEMENT_CALLS } from '../routes/statements';
import { API_HEADERS } from '../security-headers';
import { bodyStillArriving, closeAfterBody } from '../node-server';
import { errorBody } from './error-mapping';
import { pathOnly } from '../path-only';

/**
 * Issue 10: answers that carry or concern personal data are kept by no cache, whatever their status:
 * every answer of a statement call (errors of the rate limiter and the error handler too) and of an
 * opt-out (its URL holds the opt-out hash). An error report's answer is nothing to keep either.
 */
const NO_STORE_API_PATHS = new Set([
  ...STATEMENT_CALLS,
  STATEMENT_LINK_CALL,
  '/api/resignation',
  ERROR_REPORT_CALL,
]);

/**
 * What every answer Fastify sends follows, set by path so no route can forget it: the security headers
 * (pages' or the API's), no-store where personal data is concerned, a Polish 503 while shutting down, and
 * an answer sent before its upload is in closes the connection only once the body is read.
 */
export const responsePolicy = fp<{ pageHeaders: Record<string, string> }>(
  (app, { pageHeaders }, done) => {
    let closing = false;
    app.addHook('preClose', (closed) => {
      closing = true;
      closed();
    });

    app.addHook('onRequest', (request, reply, next) => {
      const api = request.url.startsWith('/api/');
      reply.headers(api ? API_HEADERS : pageHeaders);
      if (api && NO_STORE_API_PATHS.has(pathOnly(request.url))) reply.header('cache-control', 'no-store');
      // Shutting down: requests on connections already open are refused (Fastify has set Connection: close).
      if (!closing) return next();
      reply.status(503);
      if (api) reply.send(errorBody(request.url, apiMessages.unavailable));
      else reply.type('text/plain; charset=utf-8').send(apiMessages.unavailable);
    });

    app.addHook('onSend', (request, reply, payload, next) => {
      // Answered before the body is in (413, 415, 429, 503): this connection takes no further request.
      if (bodyStillArriving(request.raw)) {
        reply.header('connection', 'close');
        closeAfterBody(request.raw);
      }
      next(null, payload);
    });
    done();
  },
  { name: 'response-policy' },
);
