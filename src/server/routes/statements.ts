import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import apiMessages from '#content/api-messages.json';
import { prizes, statementEndpoint, tierById, type Tier, type TierId } from '#shared/campaign.ts';
import { isObject } from '#shared/json.ts';
import { warsawDate } from '#shared/warsaw-time.ts';
import { payloadFields, payloadShape } from '#shared/statement/payload.ts';
import {
  problemsMessage,
  validateStatement,
  type StatementProblem,
} from '#server/statements/validate-statement.ts';
import type { AppDeps } from '../deps';
import { ApiProblem } from '../plugins/error-mapping';
import { claimForStatement, winnerMailTo } from '../claims/claims';
import { isoAt } from '../clock';
import { isRowError, StatementWriter, type InsertStatementResult } from '../db/statements';
import { receivedEntry } from '../mail/orders';
import { statementMarks } from '../review/marks';
import { newReference } from '../statements/reference';
import { readCouponImage } from '../statements/png';
import { sealStatement } from '../statements/sealed';
import { confirmSealers, SealKeyRetiredError, sealerFor } from '../statements/period-keys';

// spec §7: the calls the tiers' statements go to, from the tier registry.
const ENDPOINTS = [...new Set(prizes.tiers.map(statementEndpoint))];

// A 600x800 PNG (spec §5) is at most ~1.9 MB of pixels, ~2.6 MB as base64: the calls whose tiers carry a
// photo take 3 MB. A tier without one (VI) needs a few kilobytes: more is refused once its type is read.
const PHOTO_BODY_LIMIT_BYTES = 3 * 1024 * 1024;
const NO_PHOTO_BODY_LIMIT_BYTES = 16 * 1024;
// A new reference is drawn when one is taken already (1 in 10⁷ at ten thousand statements).
const REFERENCE_ATTEMPTS = 3;
// docs/decisions/security.md#abusive-bodies: a body of 280 000 unknown keys answered with every one of them
// took seconds and megabytes.
const MAX_PROBLEMS = 20;

/** How many keys, nested ones included, a tier's body has at most: more is refused before validation. */
function keyCount(schema: unknown): number {
  if (!isObject(schema) || !isObject(schema.properties)) return 0;
  return Object.values(schema.properties).reduce<number>((sum, inner) => sum + 1 + keyCount(inner), 0);
}
const MAX_KEYS = Object.fromEntries(
  prizes.tiers.map((tier) => [tier.id, keyCount(payloadShape(tier))]),
) as Record<TierId, number>;
const MAX_KEYS_OF_ANY_TIER = Math.max(...Object.values(MAX_KEYS));
// Parsing is what costs: V8 takes ~0.5 s to build an object of 280 000 keys. Every key is followed by a
// colon, so a body with far more colons than any tier has keys is refused unparsed (values' own colons,
// as in "data:image/png", fit in the margin).
const MAX_COLONS = 4 * MAX_KEYS_OF_ANY_TIER;

function countUpTo(text: string, character: string, limit: number): number {
  let count = 0;
  for (let at = text.indexOf(character); at !== -1 && count <= limit; at = text.indexOf(character, at + 1))
    count += 1;
  return count;
}

/** Whether a parsed body has more than `limit` keys and array items, nested ones included. */
function exceedsKeys(value: unknown, limit: number): boolean {
  let count = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null) continue;
    const values = Object.values(next);
    count += values.length;
    if (count > limit) return true;
    for (const inner of values) pending.push(inner);
  }
  return false;
}

const sendsPhoto = (tier: Tier) => payloadFields(tier).includes('image');

/** spec §8: the client splits the message on ';' and shows what follows each item's first ':'. */
function reject(reply: FastifyReply, status: number, problems: StatementProblem[]) {
  return reply.status(status).send({ message: problemsMessage(problems.slice(0, MAX_PROBLEMS)) });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The statement body's size as received (a tier without a photo has a smaller limit). */
    bodyBytes?: number;
  }
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
  // Fastify's own JSON parsing (prototype poisoning refused), remembering the body's size.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    request.bodyBytes = Buffer.byteLength(text);
    if (countUpTo(text, ':', MAX_COLONS) > MAX_COLONS) {
      done(new ApiProblem(400, apiMessages.tooManyFields), undefined);
      return;
    }
    void parseJson(request, text, done);
  });

  const writer = new StatementWriter(deps.storage.db);
  for (const endpoint of ENDPOINTS) {
    app.post(
      `/${endpoint}`,
      {
        config: { rateLimit: {}, noStore: true, problems: true, writes: true },
        bodyLimit: PHOTO_BODY_LIMIT_BYTES,
      },
      async (request, reply) => {
        const body = request.body;
        const tier = isObject(body) && typeof body.type === 'string' ? tierById(body.type) : undefined;
        if (tier && !sendsPhoto(tier) && (request.bodyBytes ?? 0) > NO_PHOTO_BODY_LIMIT_BYTES) {
          return reject(reply, 413, [{ field: 'body', message: apiMessages.payloadTooLarge }]);
        }
        if (exceedsKeys(body, tier ? MAX_KEYS[tier.id] : MAX_KEYS_OF_ANY_TIER)) {
          return reject(reply, 400, [{ field: 'body', message: apiMessages.tooManyFields }]);
        }

        const verdict = validateStatement(body, endpoint);
        if (!verdict.ok) return reject(reply, 400, verdict.problems);
        const payload = { ...verdict.payload };
        if (typeof payload.image === 'string') {
          const image = readCouponImage(payload.image);
          if ('problem' in image) return reject(reply, 400, [{ field: 'image', message: image.problem }]);
          payload.image = image.dataUrl;
        }

        const found = await claimForStatement(deps.storage, deps.statementsKey, verdict.tier, payload);
        if ('status' in found) return reject(reply, found.status, [found.problem]);

        const { claim } = found;
        // docs/decisions/server-house.md#two-clocks-chosen-per-use: the campaign clock's instant is when the
        // statement arrived, a fact of the lottery: whether it came in time, the date the confirmation gives,
        // what the panel shows. Real time, beside it, is only the row's own record (the order of arrival).
        const receivedMs = deps.clock.real();
        const campaignReceivedMs = deps.clock.campaign();
        let to: string;
        try {
          to = winnerMailTo([deps.statementsKey], claim, () => payload.email);
        } catch (error) {
          // Unreadable (damaged): the statement is still taken, and confirmed to the statement's address.
          request.log.warn({ error: { name: (error as Error).name } }, 'claim e-mail unreadable');
          to = payload.email;
        }
        let stored: InsertStatementResult | undefined;
        let reference = '';
        for (let attempt = 1; stored === undefined; attempt += 1) {
          // docs/decisions/storage.md#bounded-keys: sealed with the open family's key, confirmed current in
          // the transaction that stores it (a retention run that retired it meanwhile: sealed again).
          const sealer = await sealerFor(deps.storage, 'open');
          const sealed = sealStatement(sealer, claim.id, payload);
          reference = newReference();
          const mail = receivedEntry(
            sealer,
            claim,
            to,
            { reference, receivedOn: warsawDate(campaignReceivedMs) },
            { campaignMs: campaignReceivedMs, realMs: receivedMs },
          );
          const row = {
            id: randomUUID(),
            claim_id: claim.id,
            tier: verdict.tier.id,
            code: payload.code,
            payload: '',
            ...sealed,
            reference,
            created_at: isoAt(receivedMs),
            campaign_received_at: isoAt(campaignReceivedMs),
          };
          const marks = statementMarks(sealer.key, { id: row.id, claimId: claim.id }, payload);
          try {
            stored = await writer.insert(row, mail, marks, (trx) => confirmSealers(trx, [sealer]));
          } catch (error) {
            if ((isRowError(error) || error instanceof SealKeyRetiredError) && attempt < REFERENCE_ATTEMPTS)
              continue;
            // docs/decisions/storage.md#health-under-faults: a full disk or a database gone. Nothing was
            // acknowledged: the winner is told to send again later (and /api/health says unhealthy until a
            // write succeeds: config.writes).
            const { name, code } = error as Error & { code?: unknown };
            request.log.error({ error: { name, code } }, 'statement not stored');
            throw new ApiProblem(503, apiMessages.statementNotStored, { 'retry-after': '60' });
          }
        }
        if (stored === 'duplicate') {
          return reject(reply, 409, [{ field: 'code', message: apiMessages.statementDuplicate }]);
        }
        request.log.info({ tier: verdict.tier.id }, 'statement stored');
        return reply.status(201).send({ status: 'ok', reference });
      },
    );
  }
};
