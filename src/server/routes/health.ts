import type { FastifyPluginAsync } from 'fastify';
import apiMessages from '#content/api-messages.json';
import { isoAt } from '../clock';
import { pingDatabase } from '../db';
import { setMeta } from '../db/winners';
import type { AppDeps } from '../deps';

export const healthRoutes: FastifyPluginAsync<AppDeps> = async (app, { storage, clock }) => {
  app.get('/health', async (request, reply) => {
    try {
      await pingDatabase(storage.db);
      // docs/decisions/storage.md#health-under-faults: after a failed write (disk full) the database may
      // still answer reads: healthy again only once a write succeeds, this small one or a statement's.
      if (storage.writes.failing) {
        await setMeta(storage.db, 'health_checked_at', isoAt(clock.real()));
        storage.writes.failing = false;
      }
      return { status: 'ok' };
    } catch (error) {
      const { name, code } = error as Error & { code?: unknown };
      request.log.error({ error: { name, code } }, 'database did not answer or take a write');
      return reply.status(503).send({ status: 'unavailable', message: apiMessages.unavailable });
    }
  });
};
