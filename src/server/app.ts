import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import apiMessages from '../content/api-messages.json';
import { problemsMessage } from '../shared/statement/validate-statement';
import type { ServerConfig } from './config';
import type { Storage } from './db';
import { healthRoutes } from './routes/health';
import { resignationRoutes } from './routes/resignation';
import { statementRoutes } from './routes/statements';
import { winnersFastPath, winnersRoutes } from './routes/winners';
import { pagesByPath } from './page-html';
import { registerRateLimit } from './rate-limit';
import { API_HEADERS, PAGE_HEADERS } from './security-headers';
import { WinnersCache } from './winners/cache';

export interface AppDeps {
  storage: Storage;
  now: () => number;
  /** AES-256-GCM key for the statements' PESEL, ID card, passport and IBAN (src/server/crypto.ts). */
  statementsKey: Buffer;
}

type ServerTuning = 'redisUrl' | 'rateLimitMax' | 'rateLimitWindowMs' | 'winnersPollMs' | 'trustProxy';

export type AppConfig = Pick<ServerConfig, 'clientDir' | 'campaignNowMs' | 'logLevel'> &
  Partial<Pick<ServerConfig, ServerTuning>> & {
    /** false silences logs (tests); a stream captures them. */
    logger?: boolean | { stream: NodeJS.WritableStream };
  };

/** Request and log serialisers: the path only (the `hash` query parameter is a secret), never a body. */
function pathOnly(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  if (config.logger === false) return false;
  return {
    level: config.logLevel,
    ...(typeof config.logger === 'object' ? { stream: config.logger.stream } : {}),
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: pathOnly(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

function indexHtml(config: AppConfig): string | undefined {
  const file = path.join(config.clientDir, 'index.html');
  if (!fs.existsSync(file)) return undefined;
  const html = fs.readFileSync(file, 'utf8');
  if (config.campaignNowMs === undefined) return html;
  // The pages behave as of CAMPAIGN_NOW too: the client reads this tag instead of the device clock.
  const meta = `<meta name="campaign-now" content="${new Date(config.campaignNowMs).toISOString()}">`;
  return html.replace('</head>', `${meta}</head>`);
}

/** shared/API.md: a statement call's errors are "pole: komunikat" items, whatever fails (spec §8). */
function errorBody(url: string, message: string): { message: string } {
  const statementCall = /^\/api\/(draw-)?complete-testimonial$/.test(pathOnly(url));
  return { message: statementCall ? problemsMessage([{ field: 'body', message }]) : message };
}

const errorMessages: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: apiMessages.unsupportedMediaType },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: apiMessages.payloadTooLarge },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: apiMessages.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: apiMessages.invalidJson },
};

export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  // The winners lists' fast path answers before Fastify (routes/winners.ts); set once the cache exists.
  const fastPath: { handle?: (request: IncomingMessage, response: ServerResponse) => boolean } = {};
  const options: FastifyServerOptions = {
    serverFactory: (handler) =>
      http.createServer((request, response) => {
        if (!fastPath.handle?.(request, response)) handler(request, response);
      }),
    logger: loggerOptions(config),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Statements carry a photo of at most 600x800 px as base64 PNG; 3 MB leaves room and stops abuse.
    bodyLimit: 3 * 1024 * 1024,
    return503OnClosing: true,
    trustProxy: config.trustProxy ?? false,
  };
  const app = Fastify(options);

  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? API_HEADERS : PAGE_HEADERS);
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = error.code ? errorMessages[error.code] : undefined;
    if (known) return reply.status(known.status).send(errorBody(request.url, known.message));
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.status(400).send(errorBody(request.url, apiMessages.invalidJson));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const message =
        { 404: apiMessages.notFound, 429: apiMessages.tooManyRequests }[error.statusCode] ??
        apiMessages.invalidJson;
      return reply.status(error.statusCode).send(errorBody(request.url, message));
    }
    // Name and code only: messages of driver errors can quote the data that failed.
    request.log.error({ error: { name: error.name, code: error.code } }, 'request failed');
    return reply.status(500).send(errorBody(request.url, apiMessages.unexpected));
  });

  await app.register(compress, { threshold: 1024 });

  await registerRateLimit(app, {
    max: config.rateLimitMax ?? 20,
    windowMs: config.rateLimitWindowMs ?? 60_000,
    redisUrl: config.redisUrl,
  });

  const winners = new WinnersCache(deps.storage, app.log);
  fastPath.handle = winnersFastPath(winners);
  await winners.refresh();
  winners.start(config.winnersPollMs ?? 2_000);
  app.addHook('onClose', async () => winners.stop());

  await app.register(
    async (api) => {
      await api.register(healthRoutes, deps);
      await api.register(winnersRoutes, { winners });
      await api.register(resignationRoutes, deps);
      await api.register(statementRoutes, deps);
      api.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: apiMessages.notFound }));
    },
    { prefix: '/api' },
  );

  const html = indexHtml(config);
  const pages = html === undefined ? new Map<string, string>() : pagesByPath(config.clientDir, html);
  if (html !== undefined) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      index: false,
      // One route per built file; every other path falls through to the history fallback below.
      wildcard: false,
      // The build writes .br and .gz beside each file (scripts/precompress-plugin.ts): sent as they are.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite puts content hashes in asset names: they never change, so browsers may keep them.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathOnly(request.url));
    if (html !== undefined && isPage) {
      // History fallback: the client router decides what a path shows (and redirects unknown ones to /).
      const page = pages.get(pathOnly(request.url)) ?? html;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
    }
    return reply.status(404).type('text/plain; charset=utf-8').send(apiMessages.notFound);
  });

  return app;
}
