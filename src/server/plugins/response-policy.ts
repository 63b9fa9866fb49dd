import fp from 'fastify-plugin';
import apiMessages from '#content/api-messages.json';
import { API_HEADERS } from '../http/security-headers';
import { bodyStillArriving, closeAfterBody } from '../http/node-server';
import { isPanelPath } from '../http/path-only';
import { errorBody } from './error-mapping';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * docs/decisions/security.md#caching-and-hsts: the route's answers carry or concern personal data (a
     * statement, a link's or an opt-out's hash in the URL), or are nothing to keep: no cache keeps them,
     * whatever their status (the rate limiter's and the error handler's answers too).
     */
    noStore?: boolean;
  }
}

/**
 * What every answer Fastify sends follows: the security headers (pages', the panel's or the API's, by path, so no route
 * can forget them), no-store where the route says personal data is concerned (`config.noStore`), a Polish 503 while shutting down, and
 * an answer sent before its upload is in closes the connection only once the body is read.
 */
export const responsePolicy = fp<{
  pageHeaders: Record<string, string>;
  panelHeaders: Record<string, string>;
}>(
  (app, { pageHeaders, panelHeaders }, done) => {
    let closing = false;
    app.addHook('preClose', (closed) => {
      closing = true;
      closed();
    });

    app.addHook('onRequest', (request, reply, next) => {
      const panel = isPanelPath(request.url);
      const api = request.url.startsWith('/api/') || request.url.startsWith('/panel/api/');
      reply.headers(api ? API_HEADERS : panel ? panelHeaders : pageHeaders);
      // The panel's pages and calls are kept by no cache; only its built files may be.
      if (request.routeOptions.config.noStore || (panel && !request.url.startsWith('/panel/assets/')))
        reply.header('cache-control', 'no-store');
      // Shutting down: requests on connections already open are refused (Fastify has set Connection: close).
      if (!closing) return next();
      reply.status(503);
      if (api) reply.send(errorBody(request, apiMessages.unavailable));
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
