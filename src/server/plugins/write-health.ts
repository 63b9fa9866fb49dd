import fp from 'fastify-plugin';
import type { Storage } from '../db';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * docs/decisions/storage.md#health-under-faults: the route writes to the database. A failed write (a full
     * disk, a database gone) makes /api/health say unhealthy; a successful answer says writes work again.
     */
    writes?: boolean;
  }
}

/** Keeps `storage.writes.failing` from what the routes that write declare, so none sets it by hand. */
export const writeHealth = fp<{ storage: Storage }>(
  (app, { storage }, done) => {
    app.addHook('onError', (request, _reply, error, next) => {
      // The client's mistakes (4xx) say nothing about the database.
      const clientError = error.statusCode !== undefined && error.statusCode < 500;
      if (request.routeOptions.config.writes && !clientError) storage.writes.failing = true;
      next();
    });
    app.addHook('onResponse', (request, reply, next) => {
      if (request.routeOptions.config.writes && reply.statusCode < 300) storage.writes.failing = false;
      next();
    });
    done();
  },
  { name: 'write-health' },
);
