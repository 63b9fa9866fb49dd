import type { FastifyPluginAsync } from 'fastify';
import apiMessages from '../../content/api-messages.json';
import { pingDatabase } from '../db';
import type { AppDeps } from '../app';

export const healthRoutes: FastifyPluginAsync<AppDeps> = async (app, { storage }) => {
  app.get('/health', async (request, reply) => {
    try {
      await pingDatabase(storage.db);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ error: { name: (error as Error).name } }, 'database did not answer');
      return reply.status(503).send({ status: 'unavailable', message: apiMessages.unavailable });
    }
  });
};
