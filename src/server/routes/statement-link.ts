import type { FastifyPluginAsync } from 'fastify';
import apiMessages from '#content/api-messages.json';
import { claimByLink } from '../claims/claims';
import type { AppDeps } from '../deps';
import { winnerIssue } from '../issue/issue';
import { reviewStatus } from '../review/review';

/**
 * docs/decisions/statement-page.md#statement-link-check: GET statement-link?hash=H — the statement page of a
 * hash tier asks, as it opens, whether its link is known and still open, so a winner with a mistyped,
 * replaced or used link learns it before filling in twenty fields. The hash is the winner's secret: who holds
 * it may see the claim's tier and code (the e-mail that carried it names them). Tiers III and VI have no
 * lookup: by code it would tell a stranger which codes are open.
 */
export const statementLinkRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { storage } = deps;
  app.get<{ Querystring: { hash?: string | string[] } }>(
    '/statement-link',
    { config: { rateLimit: {}, noStore: true } },
    async (request, reply) => {
      const { hash } = request.query;
      if (typeof hash !== 'string' || hash === '') {
        return reply.status(400).send({ message: apiMessages.statementLinkHashMissing });
      }
      const claim = await claimByLink(storage, hash);
      if (!claim) return reply.status(404).send({ message: apiMessages.statementLinkUnknown });
      // spec §4: the claim expired without a statement and its prize passed to a reserve winner; the
      // winner's page says so instead of calling the link broken (docs/decisions/review.md#reserve).
      if (claim.passed_on && !claim.has_statement) return { status: 'passed', tier: claim.tier };
      if (!claim.has_statement) return { status: 'open', tier: claim.tier, code: claim.code };
      const review = await reviewStatus(deps, claim.id);
      // docs/decisions/prize-issue.md#winner-page: an accepted prize's way to the winner.
      const issue = review.review === 'accepted' ? await winnerIssue(deps, claim.id) : {};
      return { status: 'received', tier: claim.tier, ...review, ...issue };
    },
  );
};
