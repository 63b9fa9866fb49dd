import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import apiMessages from '../../content/api-messages.json';
import type { Tier } from '../../shared/campaign';
import type { StatementPayload } from '../../shared/statement/payload';
import {
  problemsMessage,
  validateStatement,
  type StatementProblem,
} from '../../shared/statement/validate-statement';
import type { AppDeps } from '../app';
import { findClaimByHashDigest, findClaimsByCode, type ClaimRow } from '../db/claims';
import { StatementWriter } from '../db/statements';
import { digestOf } from '../secrets';
import { couponImageProblem } from '../statements/png';
import { sealStatement } from '../statements/sealed';

type Endpoint = 'complete-testimonial' | 'draw-complete-testimonial';
const ENDPOINTS: Endpoint[] = ['complete-testimonial', 'draw-complete-testimonial'];

/** spec §8: the client splits the message on ';' and shows what follows each item's first ':'. */
function reject(reply: FastifyReply, status: number, problems: StatementProblem[]) {
  return reply.status(status).send({ message: problemsMessage(problems) });
}

/** Problems the shared validator leaves to the server: the image must really be a PNG within 600x800. */
function imageProblems(body: unknown, found: StatementProblem[]): StatementProblem[] {
  const image = (body as { image?: unknown } | null)?.image;
  if (typeof image !== 'string' || found.some((problem) => problem.field === 'image')) return [];
  const message = couponImageProblem(image);
  return message ? [{ field: 'image', message }] : [];
}

type ClaimLookup = { claim: ClaimRow } | { status: 404 | 409; problem: StatementProblem };

/**
 * Issue 5: the claim is real. Tiers III and VI are claimed by a published winning code of that tier;
 * the others by the link's hash, which must belong to a claim with this code and tier. One message for
 * every mismatch, so a hash or code cannot be probed field by field.
 */
async function findClaim(deps: AppDeps, tier: Tier, payload: StatementPayload): Promise<ClaimLookup> {
  if (tier.claimBy === 'hash') {
    const notFound = { status: 404 as const, problem: { field: 'hash', message: apiMessages.claimNotFound } };
    if (typeof payload.hash !== 'string' || payload.hash.length > 200) return notFound;
    const claim = await findClaimByHashDigest(deps.storage.db, digestOf(payload.hash));
    if (!claim || claim.code !== payload.code || claim.tier !== tier.id) return notFound;
    return { claim };
  }
  const claims = await findClaimsByCode(deps.storage.db, payload.code, tier.id);
  if (claims.length === 0)
    return { status: 404, problem: { field: 'code', message: apiMessages.claimNotFound } };
  const open = claims.find((claim) => !claim.has_statement);
  return open
    ? { claim: open }
    : { status: 409, problem: { field: 'code', message: apiMessages.statementDuplicate } };
}

/** spec §7: POST complete-testimonial (III, VI) and draw-complete-testimonial (I, II, IV, V, winTo). */
export const statementRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  // Only JSON: Fastify would otherwise parse text/plain too, and the issue wants 415 for it.
  app.addHook('onRequest', async (request, reply) => {
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (request.method === 'POST' && type !== 'application/json') {
      return reject(reply, 415, [{ field: 'body', message: apiMessages.unsupportedMediaType }]);
    }
  });

  const writer = new StatementWriter(deps.storage.db);
  for (const endpoint of ENDPOINTS) {
    app.post(`/${endpoint}`, { config: { rateLimit: {} } }, async (request, reply) => {
      const verdict = validateStatement(request.body, endpoint);
      const problems = verdict.ok ? [] : [...verdict.problems];
      problems.push(...imageProblems(request.body, problems));
      if (!verdict.ok || problems.length > 0) return reject(reply, 400, problems);

      const found = await findClaim(deps, verdict.tier, verdict.payload);
      if ('status' in found) return reject(reply, found.status, [found.problem]);

      const sealed = sealStatement(deps.statementsKey, found.claim.id, { ...verdict.payload });
      const stored = await writer.insert({
        id: randomUUID(),
        claim_id: found.claim.id,
        tier: verdict.tier.id,
        code: verdict.payload.code,
        ...sealed,
        // Real time, even under CAMPAIGN_NOW: this is a record of when the statement arrived (and retention).
        created_at: new Date().toISOString(),
      });
      if (stored === 'duplicate') {
        return reject(reply, 409, [{ field: 'code', message: apiMessages.statementDuplicate }]);
      }
      request.log.info({ tier: verdict.tier.id }, 'statement stored');
      return reply.status(201).send({ status: 'ok' });
    });
  }
};
