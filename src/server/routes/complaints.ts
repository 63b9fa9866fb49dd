import type { FastifyPluginAsync } from 'fastify';
import apiMessages from '#content/api-messages.json';
import complaintTexts from '#content/complaints.json';
import { problemsMessage } from '#server/statements/validate-statement.ts';
import type { AppDeps } from '../deps';
import { ApiProblem } from '../plugins/error-mapping';
import { formArrival, registerComplaint } from '../complaints/complaints';
import { validateComplaint } from '../complaints/validate-complaint';

// docs/api.md "Complaints": POST /api/complaints, the public form's call. Rate-limited and answered like the
// statements' calls: 201 with the reference and the deadline, 400 with the field messages.

// The longest complaint (5 000 + 2 000 characters of text, each up to 4 bytes) with room for the rest.
const BODY_LIMIT_BYTES = 64 * 1024;
// docs/decisions/security.md#abusive-bodies: a body of many unknown keys is answered with the first few.
const MAX_PROBLEMS = 20;

export const complaintRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', async (request, reply) => {
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (request.method === 'POST' && type !== 'application/json') {
      return reply
        .status(415)
        .send({ message: problemsMessage([{ field: 'body', message: apiMessages.unsupportedMediaType }]) });
    }
  });
  app.post(
    '/complaints',
    { config: { rateLimit: {}, noStore: true, problems: true, writes: true }, bodyLimit: BODY_LIMIT_BYTES },
    async (request, reply) => {
      const verdict = validateComplaint(request.body);
      if (!verdict.ok) {
        return reply.status(400).send({ message: problemsMessage(verdict.problems.slice(0, MAX_PROBLEMS)) });
      }
      try {
        const { reference, deadline } = await registerComplaint(
          deps.storage,
          deps.clock,
          deps.statementsKey,
          verdict.body,
          formArrival(deps.clock),
        );
        request.log.info('complaint stored');
        return reply.status(201).send({ reference, deadline });
      } catch (error) {
        // docs/decisions/storage.md#health-under-faults: nothing was acknowledged; the person sends again later.
        const { name, code } = error as Error & { code?: unknown };
        request.log.error({ error: { name, code } }, 'complaint not stored');
        throw new ApiProblem(503, complaintTexts.messages.notStored, { 'retry-after': '60' });
      }
    },
  );
};
