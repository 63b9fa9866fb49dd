import type { FastifyPluginAsync } from 'fastify';
import apiMessages from '#content/api-messages.json';
import { isoAt } from '../clock';
import { resignOptout } from '../db/optouts';
import { digestOf } from '../crypto/secrets';
import type { AppDeps } from '../deps';

/** spec §2, §7: GET resignation?hash=H — opt-out from promotional-code e-mails; repeating it is fine. */
export const resignationRoutes: FastifyPluginAsync<AppDeps> = async (app, { storage, clock }) => {
  app.get<{ Querystring: { hash?: string | string[] } }>(
    '/resignation',
    { config: { rateLimit: {}, noStore: true, writes: true } },
    async (request, reply) => {
      const { hash } = request.query;
      if (typeof hash !== 'string' || hash === '') {
        return reply.status(400).send({ message: apiMessages.resignationHashMissing });
      }
      // Hashes are issued as 32 base64url characters; anything far off is unknown without a database trip.
      const known =
        hash.length <= 200 && (await resignOptout(storage.db, digestOf(hash), isoAt(clock.real())));
      if (!known) return reply.status(404).send({ message: apiMessages.resignationUnknown });
      return { status: 'ok' };
    },
  );
};
