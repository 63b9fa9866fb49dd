import fp from 'fastify-plugin';
import apiMessages from '#content/api-messages.json';
import type { PageCache } from '../pages/pages';

/**
 * Paths no route took: a page the app renders (an unknown page path is redirected home by the page cache),
 * else a Polish 404. The pages' fast path answers real connections first; this serves the rest (inject in
 * tests).
 */
export const pageFallback = fp<{ pages: PageCache | undefined }>(
  (app, { pages }, done) => {
    app.setNotFoundHandler((request, reply) => {
      if (pages?.handle(request.raw, reply.raw)) return reply.hijack();
      return reply.status(404).type('text/plain; charset=utf-8').send(apiMessages.notFound);
    });
    done();
  },
  { name: 'page-fallback' },
);
