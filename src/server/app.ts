import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import apiMessages from '../content/api-messages.json';
import { problemsMessage } from '../shared/statement/validate-statement';
import { HTTP_DEFAULTS, type ServerConfig } from './config';
import type { Storage } from './db';
import { ErrorForwarder, scrubPath } from './error-reporting';
import { ERROR_REPORT_CALL, errorReportRoutes } from './routes/error-reports';
import { healthRoutes } from './routes/health';
import { resignationRoutes } from './routes/resignation';
import { STATEMENT_LINK_CALL, statementLinkRoutes } from './routes/statement-link';
import { STATEMENT_CALLS, TOO_MANY_FIELDS, statementRoutes } from './routes/statements';
import { winnersFastPath, winnersRoutes } from './routes/winners';
import { PageCache } from './pages';
import { registerRateLimit } from './rate-limit';
import { API_HEADERS, pageHeaders } from './security-headers';
import { WinnersCache } from './winners/cache';

export interface AppDeps {
  storage: Storage;
  now: () => number;
  /** AES-256-GCM key for the statements' PESEL, ID card, passport and IBAN (src/server/crypto.ts). */
  statementsKey: Buffer;
}

type ServerTuning =
  | 'redisUrl'
  | 'rateLimitMax'
  | 'rateLimitWindowMs'
  | 'winnersPollMs'
  | 'trustProxy'
  | 'hsts'
  | 'errorReportDsn'
  | HttpLimit;

type HttpLimit = 'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs' | 'maxConnections';

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

/**
 * Issue 10: answers that carry or concern personal data are kept by no cache, whatever their status:
 * every answer of a statement call (errors of the rate limiter and the error handler too) and of an
 * opt-out (its URL holds the opt-out hash). An error report's answer is nothing to keep either.
 */
const NO_STORE_API_PATHS = new Set([
  ...STATEMENT_CALLS,
  STATEMENT_LINK_CALL,
  '/api/resignation',
  ERROR_REPORT_CALL,
]);

/** shared/API.md: a statement call's errors are "pole: komunikat" items, whatever fails (spec §8). */
function errorBody(url: string, message: string): { message: string } {
  const statementCall = STATEMENT_CALLS.has(pathOnly(url));
  return { message: statementCall ? problemsMessage([{ field: 'body', message }]) : message };
}

/** How often Node looks for connections past their header or request timeout (its default: 30 s). */
const CONNECTIONS_CHECK_INTERVAL_MS = 1_000;

/** How much of a request body still arriving after the answer is read and thrown away, at most. */
export const LINGER_MAX_BYTES = 32 * 1024 * 1024;
export const LINGER_MAX_MS = 30_000;
const LINGER_CHECK_INTERVAL_MS = 50;

function bodyStillArriving(request: IncomingMessage): boolean {
  const declared =
    request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
  // `complete` is Node's; a request injected in tests has none and is there in full.
  return declared && request.complete === false;
}

/**
 * Issue 10: a 413 sent while the client was still uploading 15 MB often ended in EPIPE. Node closes the
 * connection right after an answer that ends it (Fastify ends it after a body error, so as not to read
 * what is left); the client's bytes still arriving then make the kernel answer with a reset, which can
 * also erase the answer before the client reads it (RFC 9112 §9.6). So, like nginx's lingering close: read
 * and discard the rest of the body, up to LINGER_MAX_BYTES and LINGER_MAX_MS, and close only then. Node
 * ends such a connection with socket.destroySoon(); this socket's one is wrapped, once.
 */
function closeAfterBody(request: IncomingMessage): void {
  const socket = request.socket;
  const close = socket.destroySoon;
  socket.destroySoon = () => {
    socket.destroySoon = close;
    if (request.complete || socket.destroyed) return close.call(socket);
    // Node's parser reads the socket itself (no 'data' events) and drops a dumped body: count at the socket.
    const readBefore = socket.bytesRead;
    const giveUpAt = Date.now() + LINGER_MAX_MS;
    const stop = (closeGently: boolean) => {
      clearInterval(check);
      socket.off('close', forget);
      request.off('end', drained);
      if (closeGently) close.call(socket);
      else socket.destroy();
    };
    const check = setInterval(() => {
      if (socket.bytesRead - readBefore > LINGER_MAX_BYTES || Date.now() > giveUpAt) stop(false);
    }, LINGER_CHECK_INTERVAL_MS);
    const drained = () => stop(true);
    const forget = () => stop(false);
    socket.once('close', forget);
    request.once('end', drained);
    // Node has set a body nobody read flowing (req._dump()); this covers one a parser left paused.
    request.resume();
  };
}

/**
 * The HTTP server, with its own limits against slow and idle clients (issue 10). The winners lists' fast
 * path answers before Fastify (routes/winners.ts).
 */
function createServer(
  config: AppConfig,
  fastPath: { handle?: (request: IncomingMessage, response: ServerResponse) => boolean },
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): http.Server {
  const server = http.createServer(
    {
      headersTimeout: config.headersTimeoutMs ?? HTTP_DEFAULTS.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs ?? HTTP_DEFAULTS.requestTimeoutMs,
      keepAliveTimeout: config.keepAliveTimeoutMs ?? HTTP_DEFAULTS.keepAliveTimeoutMs,
      connectionsCheckingInterval: CONNECTIONS_CHECK_INTERVAL_MS,
    },
    (request, response) => {
      if (!fastPath.handle?.(request, response)) handler(request, response);
    },
  );
  server.maxConnections = config.maxConnections ?? HTTP_DEFAULTS.maxConnections;
  return server;
}

const errorMessages: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: apiMessages.unsupportedMediaType },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: apiMessages.payloadTooLarge },
  [TOO_MANY_FIELDS]: { status: 400, message: apiMessages.tooManyFields },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: apiMessages.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: apiMessages.invalidJson },
};

export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  // The winners lists' fast path answers before Fastify (routes/winners.ts); set once the cache exists.
  const fastPath: { handle?: (request: IncomingMessage, response: ServerResponse) => boolean } = {};
  const options: FastifyServerOptions = {
    serverFactory: (handler) => createServer(config, fastPath, handler),
    logger: loggerOptions(config),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Only the statement calls take bodies, with their own limits (routes/statements.ts).
    bodyLimit: 64 * 1024,
    // Answered below instead: Fastify's own 503 is English and skips the hooks (no no-store, no lingering).
    return503OnClosing: false,
    trustProxy: config.trustProxy ?? false,
  };
  const app = Fastify(options);
  const PAGE_HEADERS = pageHeaders({ hsts: config.hsts ?? HTTP_DEFAULTS.hsts });
  const forwarder = config.errorReportDsn ? new ErrorForwarder(config.errorReportDsn, app.log) : undefined;
  app.addHook('onClose', async () => forwarder?.close());

  let refusedAt = 0;
  app.server.on('drop', () => {
    // Once a minute at most: at the cap, connections come in floods.
    if (Date.now() - refusedAt < 60_000) return;
    refusedAt = Date.now();
    app.log.warn(
      { maxConnections: app.server.maxConnections },
      'connection limit reached: refusing connections',
    );
  });

  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

  app.addHook('onRequest', (request, reply, done) => {
    const api = request.url.startsWith('/api/');
    reply.headers(api ? API_HEADERS : PAGE_HEADERS);
    if (api && NO_STORE_API_PATHS.has(pathOnly(request.url))) reply.header('cache-control', 'no-store');
    // Shutting down: requests on connections already open are refused (Fastify has set Connection: close).
    if (!closing) return done();
    reply.status(503);
    if (api) reply.send(errorBody(request.url, apiMessages.unavailable));
    else reply.type('text/plain; charset=utf-8').send(apiMessages.unavailable);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    // Answered before the body is in (413, 415, 429, 503): this connection takes no further request.
    if (bodyStillArriving(request.raw)) {
      reply.header('connection', 'close');
      closeAfterBody(request.raw);
    }
    done(null, payload);
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
    forwarder?.send(
      {
        kind: 'server-error',
        message: [error.name, error.code].filter(Boolean).join(' '),
        path: scrubPath(request.url),
      },
      'server',
    );
    return reply.status(500).send(errorBody(request.url, apiMessages.unexpected));
  });

  await app.register(compress, { threshold: 1024 });

  await registerRateLimit(app, {
    max: config.rateLimitMax ?? 20,
    windowMs: config.rateLimitWindowMs ?? 60_000,
    redisUrl: config.redisUrl,
  });

  const winners = new WinnersCache(deps.storage, app.log);
  const pages = await PageCache.load(config.clientDir, {
    now: deps.now,
    pinned: config.campaignNowMs !== undefined,
    headers: PAGE_HEADERS,
    log: app.log,
  });
  const winnersLists = winnersFastPath(winners);
  fastPath.handle = (request, response) =>
    winnersLists(request, response) || (pages?.handle(request, response) ?? false);
  await winners.refresh();
  winners.start(config.winnersPollMs ?? 2_000);
  app.addHook('onClose', async () => winners.stop());

  await app.register(
    async (api) => {
      await api.register(healthRoutes, deps);
      await api.register(winnersRoutes, { winners });
      await api.register(resignationRoutes, deps);
      await api.register(statementLinkRoutes, deps);
      await api.register(statementRoutes, deps);
      await api.register(errorReportRoutes, { forwarder });
      api.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: apiMessages.notFound }));
    },
    { prefix: '/api' },
  );

  if (pages) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      index: false,
      // One route per built file; every other path falls through to the pages below.
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
    // The pages' fast path answers real connections first; this serves the rest (inject in tests).
    if (pages?.handle(request.raw, reply.raw)) return reply.hijack();
    return reply.status(404).type('text/plain; charset=utf-8').send(apiMessages.notFound);
  });

  return app;
}

/**
 * Issue 10: stops the app within deadlineMs. No new connections; requests in flight may finish; once the
 * deadline passes, the connections still open are closed, so a slow or stuck client cannot hold the
 * shutdown. Resolves 'forced' when that happened.
 */
export async function closeWithin(app: FastifyInstance, deadlineMs: number): Promise<'graceful' | 'forced'> {
  let forced = false;
  const timer = setTimeout(() => {
    forced = true;
    app.server.closeAllConnections();
  }, deadlineMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
  return forced ? 'forced' : 'graceful';
}
